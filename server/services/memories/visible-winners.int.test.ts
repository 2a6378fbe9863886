// Precedence and the turn's selection in SQL (visible-winners-sql.ts) against the domain's
// reference rules: the same random records go to applyPrecedence + selectForTurn and to the
// database, on PGlite and on PostgreSQL, and both must name the same winners, overrides, pins and
// per-row status, in the same display order.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPrecedence, selectForTurn, type MemoryRecord } from '../../domain';
import { readRunnerOf, type Database } from '../../db/open-database';
import { createTestDatabase, testBackend } from '../../testing/test-database';
import { serviceContext } from '../context';
import { listAgentMemoryJson } from './list-agent-memory-json';
import { listVisibleMemories } from './list-visible-memories';

const SCOPES = ['actor:u1', 'depot:hh', 'tenant:berlin', 'global'];
const OUTSIDE = ['actor:u2', 'tenant:munich'];
const KEYS = ['a', 'b', 'B', 'c', 'd', 'e', 'f', 'g', 'fiscal-year', 'units', 'a b'];

const recordsArb = fc
  .uniqueArray(
    fc.record({
      key: fc.constantFrom(...KEYS),
      scope: fc.constantFrom(...SCOPES, ...OUTSIDE),
      pinned: fc.boolean(),
      author: fc.constantFrom('human' as const, 'agent' as const),
      day: fc.integer({ min: 1, max: 3 }),
      text: fc.string({ maxLength: 8 }),
      origin: fc.record({
        actorRef: fc.constantFrom(undefined, 'u1', 'u2'),
        threadId: fc.constantFrom(undefined, 'thr_a', 'thr_b'),
        runId: fc.constantFrom(undefined, 'run_a'),
      }),
    }),
    { maxLength: 40, selector: (row) => `${row.scope}|${row.key}` },
  )
  .map((rows) =>
    rows.map(
      ({ day, origin, ...row }, index): MemoryRecord => ({
        ...Object.fromEntries(Object.entries(origin).filter(([, value]) => value !== undefined)),
        // Ids out of insertion order, so the database's physical order proves nothing.
        id: `mem_${String((index * 7) % 97).padStart(3, '0')}_${index}`,
        updatedAt: new Date(Date.UTC(2026, 0, day)),
        ...row,
      }),
    ),
  );

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
  // A memory at a custom scope needs the scope's definition (docs/concepts.md "Roles, custom scopes and memberships").
  await db.prisma.tenant.upsert({ where: { ref: 'berlin' }, create: { ref: 'berlin', name: 'Berlin' }, update: {} });
  await db.prisma.scopeDefinition.upsert({
    where: { token: 'depot:hh' },
    create: { token: 'depot:hh', kind: 'depot', label: 'Hamburg depot', tenantRef: 'berlin' },
    update: {},
  });
});
afterAll(async () => {
  await db?.close();
});

async function storeRecords(records: MemoryRecord[]) {
  await db.prisma.agentMemory.deleteMany();
  await db.prisma.agentMemory.createMany({
    data: records.map(({ id, key, text, scope, pinned, author, updatedAt, actorRef, threadId, runId }) => ({
      id, key, text, scope, pinned, author, updatedAt, actorRef, threadId, runId, tenantRef: scope.startsWith('tenant:') ? scope.slice(7) : null,
    })),
  });
}

function reference(records: MemoryRecord[], maxMemories: number) {
  const entries = applyPrecedence(records, SCOPES);
  const kept = new Set(selectForTurn(entries, SCOPES, { maxMemories }).entries.map((entry) => entry.id));
  return entries.map((entry) => ({
    id: entry.id,
    alwaysOn: entry.alwaysOn,
    overrides: entry.overrides,
    status: kept.has(entry.id) ? 'carried' : entry.alwaysOn ? 'alwaysOnLeftOut' : 'leftOut',
  }));
}

describe('precedence and selection in SQL', () => {
  it('name the same winners, overrides, pins and status as applyPrecedence and selectForTurn', async () => {
    await fc.assert(
      fc.asyncProperty(recordsArb, fc.integer({ min: 0, max: 8 }), async (records, maxMemories) => {
        await storeRecords(records);
        const viewer = { actorRef: 'u1', scopes: SCOPES, grants: [], tenant: { maxMemories } };
        const { memories, totals } = await listVisibleMemories({ ctx: serviceContext(db.prisma), input: { viewer } });
        const got = memories.map(({ id, alwaysOn, overrides, status }) => ({
          id,
          alwaysOn,
          overrides: overrides.map(({ scope, text, author }) => ({ scope, text, author })),
          status,
        }));
        expect(got).toEqual(reference(records, maxMemories));
        expect(totals.all).toBe(got.length);
      }),
      { numRuns: 40 },
    );
  });

  // GET /agent/memories: the database writes the contract's JSON itself (list-agent-memory-json.ts).
  it('write the REST read-back as the contract maps applyPrecedence, with or without a conversation filter', async () => {
    const sql = readRunnerOf(db);
    await fc.assert(
      fc.asyncProperty(recordsArb, fc.constantFrom(undefined, 'thr_a'), async (records, threadId) => {
        await storeRecords(records);
        const expected = applyPrecedence(records, SCOPES)
          .filter((entry) => !threadId || entry.threadId === threadId)
          .map((entry) => ({
            id: entry.id,
            key: entry.key,
            text: entry.text,
            scope: entry.scope,
            pinned: entry.alwaysOn,
            origin: {
              author: entry.author,
              ...(entry.threadId ? { threadId: entry.threadId } : {}),
              ...(entry.runId ? { runId: entry.runId } : {}),
              ...(entry.actorRef ? { actorRef: entry.actorRef } : {}),
            },
            updatedAt: entry.updatedAt.toISOString(),
            overrides: entry.overrides.map(({ scope, text, author }) => ({ scope, text, author })),
          }));
        const input = { viewer: { scopes: SCOPES }, threadId };
        for (const ctx of [serviceContext(db.prisma), ...(sql ? [serviceContext(db.prisma, { sql })] : [])]) {
          expect(JSON.parse(await listAgentMemoryJson({ ctx, input })) as unknown).toEqual(expected);
        }
      }),
      { numRuns: 40 },
    );
  });

  // On PostgreSQL the app reads through pg's pool (readRows), not Prisma: the same rows must come
  // back, timestamps included, whatever the process's time zone (pg reads `timestamp` as local time
  // unless told otherwise).
  it.runIf(testBackend() === 'postgres')('read the same through the pg pool as through Prisma, in any time zone', async () => {
    const sql = readRunnerOf(db)!;
    const zone = process.env.TZ;
    process.env.TZ = 'Pacific/Auckland';
    try {
      expect(new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset()).not.toBe(0);
      await fc.assert(
        fc.asyncProperty(recordsArb, fc.integer({ min: 0, max: 8 }), async (records, maxMemories) => {
          await storeRecords(records);
          const viewer = { actorRef: 'u1', scopes: SCOPES, grants: [], tenant: { maxMemories } };
          const page = { limit: 5 };
          const throughPrisma = await listVisibleMemories({ ctx: serviceContext(db.prisma), input: { viewer, page } });
          const throughPool = await listVisibleMemories({ ctx: serviceContext(db.prisma, { sql }), input: { viewer, page } });
          expect(throughPool).toEqual(throughPrisma);
          const stored = new Map(records.map((record) => [record.id, record.updatedAt.getTime()]));
          for (const memory of throughPool.memories) expect(memory.updatedAt.getTime()).toBe(stored.get(memory.id));
        }),
        { numRuns: 20 },
      );
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
