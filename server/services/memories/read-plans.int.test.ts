// The plans of the readers whose cost must follow what a person sees, not the organisation's size
// (docs/benchmarks.md "http"), on generated data in PGlite and PostgreSQL: shape, not time. The
// conversation filter looks each of the person's conversations up by the thread table's index,
// never reading every thread of the organisation, however many there are, and finds the person's
// records from a conversation by their scopes, never through every record that came from one; the
// preview reads the turn's entries and the first left-out keys by walking the scopes, never every
// visible record, and neither it nor the list's page plans a walk's test as an anti-join; the
// runtime list's check of a kept answer reaches the soonest expiry of each scope by the
// (scope, expiresAt) index, under a limit of one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Prisma } from '../../db/generated/client';
import type { Database } from '../../db/open-database';
import { createTestDatabase } from '../../testing/test-database';
import { scopeVersionsSql } from '../runtime/list-runtime-memories-sql';
import { conversationsSql } from './list-conversations-sql';
import { visibleMemoriesSql } from './list-visible-memories-sql';
import { serviceContext } from '../context';
import { previewTurn } from './preview-turn';
import { previewTurnSql } from './preview-turn-sql';

const NOW = new Date(Date.UTC(2026, 5, 1, 12, 0, 0));
const THREADS = 20_000;
/** Everyone else's records from no conversation. */
const UNTHREADED = 60_000;
/** What the person sees: their organisation's facts, of which a few came from a conversation. */
const VISIBLE = 2_000;
const SCOPES = ['actor:u1', 'tenant:berlin', 'global'];

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.prisma.tenant.create({ data: { ref: 'berlin', name: 'Berlin' } });
  // Everyone else's conversations, each with a memory of its own person's.
  await db.prisma.$executeRawUnsafe(`INSERT INTO "thread" ("id", "actorRef", "title")
    SELECT 'thr_' || n, 'p' || n, 'Conversation ' || n FROM generate_series(1, ${THREADS}) AS n`);
  await db.prisma
    .$executeRawUnsafe(`INSERT INTO "agent_memory" ("id", "key", "text", "scope", "tenantRef", "author", "threadId", "updatedAt")
    SELECT 'mem_p' || n, 'k' || n, 'A fact.', 'actor:p' || n, 'berlin', 'agent', 'thr_' || n, now() FROM generate_series(1, ${THREADS}) AS n`);
  // And their records from no conversation: most of an organisation's are.
  await db.prisma.$executeRawUnsafe(`INSERT INTO "agent_memory" ("id", "key", "text", "scope", "tenantRef", "author", "updatedAt")
    SELECT 'mem_q' || n, 'q' || (n % 400), 'A fact.', 'actor:p' || (n / 10), 'berlin', 'agent', now() FROM generate_series(1, ${UNTHREADED}) AS n`);
  // The person's: the organisation's facts, five of them from a conversation.
  await db.prisma
    .$executeRawUnsafe(`INSERT INTO "agent_memory" ("id", "key", "text", "scope", "tenantRef", "author", "threadId", "updatedAt")
    SELECT 'mem_b' || n, 'b' || n, 'A shared fact.', 'tenant:berlin', 'berlin', 'human', CASE WHEN n <= 5 THEN 'thr_' || n END, now()
    FROM generate_series(1, ${VISIBLE}) AS n`);
  await db.prisma.$executeRawUnsafe('ANALYZE "thread"');
  await db.prisma.$executeRawUnsafe('ANALYZE "agent_memory"');
}, 120_000);
afterAll(async () => {
  await db?.close();
});

interface PlanNode {
  'Node Type': string;
  'Sort Key'?: string[];
  /** Set by planOf: the node this one feeds. */
  parent?: PlanNode;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Join Type'?: string;
  /** With ANALYZE: rows per loop, and loops. */
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** The plan's nodes; with `analyze`, as the statement ran (EXPLAIN ANALYZE: it runs it). */
async function planOf(query: Prisma.Sql, { analyze = false } = {}): Promise<PlanNode[]> {
  const options = analyze ? 'ANALYZE, FORMAT JSON' : 'FORMAT JSON';
  const rows = await db.prisma.$queryRawUnsafe<{ 'QUERY PLAN': unknown }[]>(`EXPLAIN (${options}) ${query.text}`, ...query.values);
  const plan = rows[0]!['QUERY PLAN'];
  const root = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode, parent?: PlanNode) => {
    nodes.push({ ...node, parent });
    for (const child of node.Plans ?? []) walk(child, node);
  };
  walk(root[0]!.Plan);
  return nodes;
}

describe('the conversation filter’s plan', () => {
  it('reads threads only through their index, never all of the organisation’s', async () => {
    const nodes = await planOf(conversationsSql({ scopes: SCOPES }, NOW));
    const threadReads = nodes.filter((node) => node['Relation Name'] === 'thread');
    expect(threadReads.length).toBeGreaterThan(0);
    for (const read of threadReads) expect(read['Node Type']).toMatch(/^Index (Only )?Scan$/);
    expect(nodes.map((node) => node['Node Type'])).not.toContain('Hash Join');
  });

  it('reads the person’s records by their scopes, never every record of every conversation', async () => {
    // Planned with the values in hand, as every unnamed statement is (a transaction pooler's): a
    // condition on "threadId" alone walks the whole organisation's conversations' records.
    const nodes = await planOf(conversationsSql({ scopes: SCOPES }, NOW));
    const memoryReads = nodes.filter((node) => node['Index Name']?.startsWith('agent_memory') || node['Relation Name'] === 'agent_memory');
    expect(memoryReads.length).toBeGreaterThan(0);
    for (const read of memoryReads) {
      if (read['Node Type'] === 'Bitmap Heap Scan') continue; // its index scans below are checked
      expect(read['Node Type'], read['Index Name']).toMatch(/Index/);
      expect(read['Index Cond'], read['Index Name']).toMatch(/^\(+scope = ANY/);
    }
    expect(nodes.map((node) => node['Node Type'])).not.toContain('BitmapAnd');
  });

  it('answers the person’s five conversations', async () => {
    const rows = await db.prisma.$queryRawUnsafe<{ threadId: string; memories: number }[]>(
      conversationsSql({ scopes: SCOPES }, NOW).text,
      ...conversationsSql({ scopes: SCOPES }, NOW).values,
    );
    expect(rows.map((row) => row.threadId).sort()).toEqual(['thr_1', 'thr_2', 'thr_3', 'thr_4', 'thr_5']);
    expect(rows.every((row) => row.memories === 1)).toBe(true);
  });
});

describe('the preview’s plan', () => {
  it('reads the records it shows and a few more, never every visible one', async () => {
    // Asked once first: the number of visible keys is counted then and kept (page-walk-sql.ts).
    const viewer = { scopes: SCOPES, actorRef: 'u1', tenant: { ref: 'berlin', name: 'Berlin', maxMemories: 5, maxFactChars: 240 } };
    await previewTurn({ ctx: serviceContext(db.prisma, { now: () => NOW }), input: { viewer } });
    const query = previewTurnSql(viewer, NOW);
    const nodes = await planOf(query, { analyze: true });
    const memoryReads = nodes.filter((node) => node['Relation Name'] === 'agent_memory' || node['Index Name']?.startsWith('agent_memory'));
    expect(memoryReads.length).toBeGreaterThan(0);
    const rowsRead = memoryReads.reduce((sum, node) => sum + (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1), 0);
    // The turn's 5 and the 10 left-out keys it names, each with its checks, out of 2,000 visible.
    expect(rowsRead).toBeLessThan(100);
    expect(nodes.map((node) => node['Node Type'])).not.toContain('WindowAgg');
  });
});

describe('the statements planned again on every request behind a transaction pooler', () => {
  // My memories' page and the preview are unnamed statements there, planned each time. Each walk
  // asks whether a narrower scope holds a row's key with one probe per row, and whether an
  // always-on record does from the always-on keys read once (page-walk-sql.ts heldAt, alwaysOnAt):
  // as anti-joins, these tests cost more to plan than to run (docs/benchmarks.md).
  const viewer = {
    scopes: SCOPES,
    actorRef: 'u1',
    grants: [],
    tenant: { ref: 'berlin', name: 'Berlin', maxMemories: 5, maxFactChars: 240 },
  };

  it('plan no anti-join', async () => {
    for (const query of [visibleMemoriesSql({ viewer, page: { limit: 50 } }, NOW), previewTurnSql(viewer, NOW)]) {
      const nodes = await planOf(query);
      expect(nodes.length).toBeGreaterThan(0);
      // Before: 9 in the page's statement (each walk's narrower scopes, the always-on checks).
      expect(nodes.filter((node) => node['Join Type'] === 'Anti').map((node) => node['Node Type'])).toEqual([]);
    }
  });
});

describe('the runtime list’s check of a kept answer', () => {
  it('finds the soonest expiry ahead with one index step per scope, however many records expire there', async () => {
    // Another organisation's scope where every record expires, beside the 20,000 people's own.
    await db.prisma.tenant.create({ data: { ref: 'hamburg', name: 'Hamburg' } });
    await db.prisma
      .$executeRawUnsafe(`INSERT INTO "agent_memory" ("id", "key", "text", "scope", "tenantRef", "author", "updatedAt", "expiresAt")
      SELECT 'mem_h' || n, 'h' || n, 'A fact for a while.', 'tenant:hamburg', 'hamburg', 'human', now(), TIMESTAMP '2027-01-01' + n * INTERVAL '1 minute'
      FROM generate_series(1, ${VISIBLE}) AS n`);
    await db.prisma.$executeRawUnsafe('ANALYZE "agent_memory"');
    const query = scopeVersionsSql(['actor:p1', 'tenant:hamburg', 'global'], NOW);
    const nodes = await planOf(query);
    const memoryReads = nodes.filter((node) => node['Relation Name'] === 'agent_memory');
    expect(memoryReads.length).toBeGreaterThan(0);
    for (const read of memoryReads) {
      expect(read['Node Type']).toMatch(/^Index (Only )?Scan$/);
      expect(read['Index Name']).toBe('agent_memory_scope_expiresAt_idx');
      expect(read.parent?.['Node Type']).toBe('Limit');
    }
    const [row] = await db.prisma.$queryRawUnsafe<{ versions: string; nextExpiry: Date | null }[]>(query.text, ...query.values);
    expect(row?.nextExpiry?.toISOString()).toBe('2027-01-01T00:01:00.000Z');
  });
});
