// GET /agent/memories when it is large: the answer is streamed in parts of many elements
// (list-agent-memory-json.ts, docs/architecture.md "The read path"), copied from PostgreSQL as the
// bytes it sends. It must still arrive whole, in the same order and with the same content as the
// list shows, and a client that stops reading must give its database connection back.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSessionViewer } from '../auth/viewer';
import { readRunnerOf } from '../db/open-database';
import { listVisibleMemories } from '../services/memories/list-visible-memories';
import { useSeededDatabase } from '../testing/seeded-database';
import { testBackend } from '../testing/test-database';
import { handleListAgentMemories, type AgentMemoryJson } from './agent-memories';

const db = useSeededDatabase();
const ALICE = 'alice@example.com';
// Three parts of the statement (it writes 1,000 elements a part).
const BULK = 2_345;
// Texts that need escaping, so a part's boundary can never fall inside one.
const bulkText = (n: number) => `Bulk "${n}" \\ ${'é✓'.repeat(n % 3)}\nline ${n}`;

beforeAll(async () => {
  await db.prisma.agentMemory.createMany({
    data: Array.from({ length: BULK }, (_, index) => ({
      id: `mem_bulk_${String(index).padStart(5, '0')}`,
      key: `bulk-${String(index).padStart(5, '0')}`,
      text: bulkText(index),
      scope: 'actor:u1',
      tenantRef: 'berlin',
      author: 'agent' as const,
      actorRef: 'u1',
      updatedAt: db.ctx.now(),
    })),
  });
});

/** Both ways the app reads: through Prisma, and (on PostgreSQL, as the route does) a copy on the pool. */
const READERS = [{ name: 'Prisma', copy: false }, ...(testBackend() === 'postgres' ? [{ name: 'copy on the pool', copy: true }] : [])];
const depsOf = ({ copy }: { copy: boolean }) => (copy ? { sql: readRunnerOf(db)! } : {});

async function request(deps: object): Promise<Response> {
  const session = await db.sessionOf(ALICE);
  return handleListAgentMemories(new Request('http://localhost/agent/memories'), {
    session,
    prisma: db.prisma,
    deps: { now: db.ctx.now, ...deps },
  });
}

describe('GET /agent/memories, large', () => {
  it.each(READERS)('arrives whole in several chunks, in the list’s order and with its content ($name)', async (reader) => {
    const response = await request(depsOf(reader));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const chunks: Uint8Array[] = [];
    const body = response.body!.getReader();
    for (let read = await body.read(); !read.done; read = await body.read()) chunks.push(read.value);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    const memories = JSON.parse(Buffer.concat(chunks).toString('utf8')) as AgentMemoryJson[];

    const viewer = (await loadSessionViewer(db.ctx, await db.sessionOf(ALICE)))!;
    const listed = (await listVisibleMemories({ ctx: db.ctx, input: { viewer } })).memories;
    expect(memories.length).toBeGreaterThan(BULK);
    expect(memories.map((memory) => memory.id)).toEqual(listed.map((memory) => memory.id));
    for (const memory of memories.filter((each) => each.key.startsWith('bulk-'))) {
      expect(memory).toEqual({
        id: memory.id,
        key: memory.key,
        text: bulkText(Number(memory.key.slice('bulk-'.length))),
        scope: 'actor:u1',
        pinned: false,
        origin: { author: 'agent', actorRef: 'u1' },
        updatedAt: db.ctx.now().toISOString(),
        overrides: [],
      });
    }
  });

  it.each(READERS)('gives the connection back when the client stops reading after the first chunk ($name)', async (reader) => {
    const deps = depsOf(reader);
    // More abandoned answers than the pool has connections (ten): a copy left open would hold
    // one each, and the whole answer read afterwards would wait for a connection forever.
    for (let i = 0; i < 12; i++) {
      const body = (await request(deps)).body!.getReader();
      expect((await body.read()).done).toBe(false);
      await body.cancel();
    }
    const memories = (await (await request(deps)).json()) as AgentMemoryJson[];
    expect(memories.length).toBeGreaterThan(BULK);
  });
});
