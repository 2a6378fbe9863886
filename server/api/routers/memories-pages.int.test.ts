// memories.list as the browser calls it: pages of 50 by default with a cursor to the next one,
// totals for the header, per-row status agreeing with memories.preview, bounded input; and the
// REST read-back still answering every memory. Demo people plus a generated
// crowd of memories for alice.
import { beforeAll, describe, expect, it } from 'vitest';
import { handleListAgentMemories, type AgentMemoryJson } from '../../http/agent-memories';
import { useSeededDatabase } from '../../testing/seeded-database';
import { errorOf } from '../../testing/trpc-error';
import { carriedLines } from '../../testing/carried-lines';

const db = useSeededDatabase();
const ALICE = 'alice@example.com';
const CROWD = 1200;

beforeAll(async () => {
  await db.prisma.agentMemory.createMany({
    data: Array.from({ length: CROWD }, (_, i) => ({
      id: `mem_crowd_${i}`,
      key: `crowd-${String(i).padStart(4, '0')}`,
      text: `Published value number ${i}.`,
      scope: 'tenant:berlin',
      tenantRef: 'berlin',
      author: 'human' as const,
      updatedAt: new Date(Date.UTC(2026, 0, 1 + (i % 28))),
    })),
  });
});

describe('memories.list pages', () => {
  it('answers 50 by default with the totals and a cursor, and the pages join up without gaps or repeats', async () => {
    const caller = await db.callerAs(ALICE);
    const first = await caller.memories.list();
    expect(first.memories).toHaveLength(50);
    expect(first.totals.all).toBeGreaterThan(CROWD);
    const shown = [...first.memories];
    let cursor = first.next;
    while (cursor) {
      const page = await caller.memories.list({ cursor, limit: 200 });
      expect(page.totals).toEqual(first.totals);
      shown.push(...page.memories);
      cursor = page.next;
    }
    const ids = shown.map((memory) => memory.id);
    expect(ids).toHaveLength(first.totals.all);
    expect(shown.filter((memory) => memory.mine)).toHaveLength(first.totals.yours);
    expect(first.totals.yours).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives each row the status the preview computes', async () => {
    const caller = await db.callerAs(ALICE);
    const preview = await caller.memories.preview();
    const kept = new Set(carriedLines(preview).map((entry) => entry.id));
    const all = await caller.memories.list({ limit: 200, query: 'e' });
    for (const memory of all.memories) expect(memory.status === 'carried').toBe(kept.has(memory.id));
    expect(preview.digest.omitted).toBe((await caller.memories.list()).totals.all - preview.digest.offered);
    expect(preview.omitted.firstKeys).toHaveLength(10);
  });

  it('refuses a page size or cursor out of bounds, naming the field', async () => {
    const caller = await db.callerAs(ALICE);
    const tooMany = await errorOf(caller.memories.list({ limit: 201 }));
    expect(tooMany.code).toBe('BAD_REQUEST');
    expect(tooMany.message).toContain('limit must be at most 200');
    const badCursor = await errorOf(caller.memories.list({ cursor: { rank: 1, key: 'k'.repeat(65), id: 'x' } }));
    expect(badCursor.message).toContain('cursor.key must be at most 64 characters');
  });

  it('answers UNAUTHORIZED to a signed-out page request', async () => {
    expect((await errorOf((await db.callerAs(null)).memories.list({ limit: 10 }))).code).toBe('UNAUTHORIZED');
  });
});

describe('GET /agent/memories with thousands visible', () => {
  it('answers every visible memory as one JSON array, no budget and no page', async () => {
    const session = await db.sessionOf(ALICE);
    const response = await handleListAgentMemories(new Request('http://localhost/agent/memories'), {
      session,
      prisma: db.prisma,
      deps: { now: db.ctx.now },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as AgentMemoryJson[];
    expect(body.length).toBeGreaterThan(CROWD);
    expect(body.length).toBe((await (await db.callerAs(ALICE)).memories.list()).totals.all);
    expect(new Set(body.map((memory) => memory.id)).size).toBe(body.length);
  });
});
