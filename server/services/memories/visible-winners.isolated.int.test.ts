// Precedence and the turn's selection in SQL (visible-winners-sql.ts) against the domain's
// reference rules: the same random records go to applyPrecedence + selectForTurn and to the
// database, on PGlite and on PostgreSQL, and both must name the same winners, overrides, pins and
// per-row status, in the same display order.
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPrecedence, compareText, renderBlock, selectForTurn, type MemoryRecord } from '../../domain';
import { readRunnerOf, type Database } from '../../db/open-database';
import { pgRunner, type SqlRunner } from '../../db/sql-runner';
import { createTestDatabase, testBackend } from '../../testing/test-database';
import { jsonPiecesResponse } from '../../http/json-response';
import { serviceContext, type ServiceContext } from '../context';
import { listAgentMemoryJson } from './list-agent-memory-json';
import { listVisibleMemories, type ListCursor } from './list-visible-memories';
import { previewTurn } from './preview-turn';
import { PREVIEW_OMITTED_KEYS } from './preview-turn-sql';

const SCOPES = ['actor:u1', 'depot:hh', 'tenant:berlin', 'global'];
const OUTSIDE = ['actor:u2', 'tenant:munich'];
const KEYS = ['a', 'b', 'B', 'c', 'd', 'e', 'f', 'g', 'fiscal-year', 'units', 'a b'];

/** Records at the person's scopes and outside them, with these keys; one in `pinnedOneIn` pinned. */
const recordsOf = (keys: readonly string[], { minLength = 0, maxLength = 40, pinnedOneIn = 2 } = {}) =>
  fc
    .uniqueArray(
      fc.record({
        key: fc.constantFrom(...keys),
        scope: fc.constantFrom(...SCOPES, ...OUTSIDE),
        pinned: fc.integer({ min: 1, max: pinnedOneIn }).map((draw) => draw === 1),
        author: fc.constantFrom('human' as const, 'agent' as const),
        day: fc.integer({ min: 1, max: 3 }),
        text: fc.string({ maxLength: 8 }),
        origin: fc.record({
          actorRef: fc.constantFrom(undefined, 'u1', 'u2'),
          threadId: fc.constantFrom(undefined, 'thr_a', 'thr_b'),
          runId: fc.constantFrom(undefined, 'run_a'),
        }),
      }),
      { minLength, maxLength, selector: (row) => `${row.scope}|${row.key}` },
    )
    .map((rows) =>
      rows.map(({ day, origin, ...row }, index): MemoryRecord => ({
        ...Object.fromEntries(Object.entries(origin).filter(([, value]) => value !== undefined)),
        // Ids out of insertion order, so the database's physical order proves nothing.
        id: `mem_${String((index * 7) % 97).padStart(3, '0')}_${index}`,
        updatedAt: new Date(Date.UTC(2026, 0, day)),
        ...row,
      })),
    );
const recordsArb = recordsOf(KEYS);
const previewRecordsArb = recordsOf([...KEYS, ...Array.from({ length: 16 }, (_, index) => `k${index}`)], {
  minLength: 12,
  maxLength: 60,
  pinnedOneIn: 6,
});

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
      id,
      key,
      text,
      scope,
      pinned,
      author,
      updatedAt,
      actorRef,
      threadId,
      runId,
      tenantRef: scope.startsWith('tenant:') ? scope.slice(7) : null,
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

/** Display order of two cursors: rank, then key and id in code-unit order. */
function compareCursor(a: ListCursor, b: ListCursor): number {
  return a.rank - b.rank || compareText(a.key, b.key) || compareText(a.id, b.id);
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

  // The preview walks the scopes for what the turn carries and the first keys it leaves out
  // (preview-turn-sql.ts) instead of ranking every record: the same turn as selectForTurn.
  it('preview the turn selectForTurn makes: its entries, its counts and the first keys it leaves out', async () => {
    await fc.assert(
      // More keys than the preview names and few pinned, so that turns leave out more than it names.
      fc.asyncProperty(previewRecordsArb, fc.integer({ min: 0, max: 8 }), async (records, maxMemories) => {
        await storeRecords(records);
        const viewer = {
          actorRef: 'u1',
          scopes: SCOPES,
          grants: [],
          tenant: { ref: 'berlin', name: 'Berlin', maxMemories, maxFactChars: 240 },
        };
        const preview = await previewTurn({ ctx: serviceContext(db.prisma), input: { viewer } });
        const entries = applyPrecedence(records, SCOPES);
        const turn = selectForTurn(entries, SCOPES, { maxMemories });
        const carried = new Set(turn.entries.map((entry) => entry.id));
        const leftOut = entries.filter((entry) => !carried.has(entry.id));
        expect(preview.digest).toEqual(turn.digest);
        expect(preview.block).toEqual(renderBlock(turn));
        expect(preview.digest.omitted).toBe(leftOut.length);
        expect(preview.omitted).toEqual({
          own: leftOut.filter((entry) => entry.scope === 'actor:u1').length,
          firstKeys: leftOut.slice(0, PREVIEW_OMITTED_KEYS).map((entry) => entry.key),
        });
      }),
      { numRuns: 40 },
    );
  });

  // An unfiltered page walks the scopes (page-walk-sql.ts) instead of ranking every record: page
  // after page it must give the reference's list, and a page after any cursor (one that names a
  // row or one that falls between rows) must be the whole list's rows after it, with its totals.
  it('page by page, after any cursor, name what the whole list and the domain name', async () => {
    const ids = fc.constantFrom('', 'mem_000_0', 'mem_050_9', 'mem_zzz');
    const cursorArb = fc.record({
      rank: fc.integer({ min: 0, max: SCOPES.length + 1 }),
      key: fc.constantFrom('', ...KEYS, 'b0', 'zz'),
      id: ids,
    });
    await fc.assert(
      fc.asyncProperty(
        recordsArb,
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 6 }),
        cursorArb,
        async (records, maxMemories, limit, stray) => {
          await storeRecords(records);
          const ctx = serviceContext(db.prisma);
          const viewer = { actorRef: 'u1', scopes: SCOPES, grants: [], tenant: { maxMemories } };
          const whole = await listVisibleMemories({ ctx, input: { viewer } });
          const shape = ({ id, alwaysOn, overrides, status }: (typeof whole.memories)[number]) => ({
            id,
            alwaysOn,
            overrides: overrides.map(({ scope, text, author }) => ({ scope, text, author })),
            status,
          });
          const walked = [];
          let after: ListCursor | undefined;
          for (let guard = 0; guard <= records.length; guard++) {
            const page = await listVisibleMemories({ ctx, input: { viewer, page: { limit, ...(after ? { after } : {}) } } });
            expect(page.totals).toEqual(whole.totals);
            expect(page.memories.length).toBeLessThanOrEqual(limit);
            walked.push(...page.memories);
            if (!page.next) break;
            after = page.next;
          }
          expect(walked.map(shape)).toEqual(reference(records, maxMemories));
          expect(walked).toEqual(whole.memories);

          const cursors = [
            stray,
            ...whole.memories.map(({ key, id }, index) => ({ rank: 1 + SCOPES.indexOf(whole.memories[index]!.scope), key, id })),
          ];
          for (const cursor of cursors) {
            const page = await listVisibleMemories({ ctx, input: { viewer, page: { limit, after: cursor } } });
            const rest = whole.memories.filter(
              (memory) => compareCursor({ rank: 1 + SCOPES.indexOf(memory.scope), key: memory.key, id: memory.id }, cursor) > 0,
            );
            expect(page.memories).toEqual(rest.slice(0, limit));
            expect(page.next !== null).toBe(rest.length > limit);
            expect(page.totals).toEqual(whole.totals);
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000); // a page per cursor per run: a minute on a busy machine

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
          expect(await (await jsonPiecesResponse(listAgentMemoryJson({ ctx, input }))).json()).toEqual(expected);
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

// The page's "in all" total counts the keys at the shared scopes from visible_key_count, kept valid
// by generations a trigger bumps in the writing transaction (page-walk-sql.ts, docs/architecture.md
// "The read path"). After any write, and with writes racing reads, the total must be a recount's.
describe('the stored count of shared keys', () => {
  const SHARED = SCOPES.slice(1);
  const viewer = { actorRef: 'u1', scopes: SCOPES, grants: [], tenant: { maxMemories: 5 } };
  const firstPage = (ctx: ServiceContext = serviceContext(db.prisma)) =>
    listVisibleMemories({ ctx, input: { viewer, page: { limit: 3 } } });

  /** The stored row for the viewer's shared scopes, and whether its generations are the current ones. */
  async function stored() {
    const [row] = await db.prisma.$queryRaw<{ keys: number; current: boolean }[]>`
      SELECT c."keys", c."generations" = ARRAY(SELECT COALESCE(g."generation", 0) FROM unnest(c."scopes") WITH ORDINALITY s("scope", "position")
        LEFT JOIN "scope_generation" g ON g."scope" = s."scope" ORDER BY s."position") AS "current"
      FROM "visible_key_count" c WHERE c."scopeSet" = ${JSON.stringify([...SHARED].sort(compareText))}`;
    return row;
  }

  async function recount() {
    const [row] = await db.prisma.$queryRaw<{ keys: number }[]>`
      SELECT count(DISTINCT "key")::int AS "keys" FROM "agent_memory" WHERE "scope" = ANY(${SHARED}::text[])`;
    const { totals } = await listVisibleMemories({ ctx: serviceContext(db.prisma), input: { viewer } });
    return { keys: row!.keys, totals };
  }

  const write = fc.oneof(
    fc.record({
      op: fc.constant('insert' as const),
      key: fc.constantFrom(...KEYS, 'new-1', 'new-2'),
      scope: fc.constantFrom(...SCOPES, ...OUTSIDE),
    }),
    fc.record({
      op: fc.constantFrom('delete' as const, 'rekey' as const, 'rescope' as const, 'retext' as const),
      pick: fc.nat(),
      to: fc.constantFrom(...SCOPES, 'moved'),
    }),
    fc.constant({ op: 'truncate' as const }),
  );
  type Write = typeof write extends fc.Arbitrary<infer T> ? T : never;

  async function apply(change: Write, step: number) {
    const rows = await db.prisma.agentMemory.findMany({ orderBy: { id: 'asc' }, select: { id: true, key: true, scope: true } });
    const target = 'pick' in change && rows.length ? rows[change.pick % rows.length]! : undefined;
    const free = (scope: string, key: string) => !rows.some((row) => row.scope === scope && row.key === key);
    if (change.op === 'insert' && free(change.scope, change.key)) {
      await db.prisma.agentMemory.create({
        data: { id: `mem_w_${step}`, key: change.key, scope: change.scope, text: 'x', author: 'human' },
      });
    } else if (change.op === 'truncate') {
      await db.prisma.$executeRawUnsafe('TRUNCATE "agent_memory" CASCADE');
    } else if (target && change.op === 'delete') {
      await db.prisma.agentMemory.delete({ where: { id: target.id } });
    } else if (target && change.op === 'rekey' && free(target.scope, `${change.to}-${step}`)) {
      await db.prisma.agentMemory.update({ where: { id: target.id }, data: { key: `${change.to}-${step}` } });
    } else if (target && change.op === 'rescope' && change.to !== 'moved' && free(change.to, target.key)) {
      await db.prisma.agentMemory.update({ where: { id: target.id }, data: { scope: change.to } });
    } else if (target && change.op === 'retext') {
      await db.prisma.agentMemory.update({ where: { id: target.id }, data: { text: `edited ${step}` } });
    }
  }

  it('equals a recount after inserts, deletes, changes of key, scope or text, and truncation', async () => {
    await fc.assert(
      fc.asyncProperty(recordsArb, fc.array(write, { maxLength: 6 }), async (records, writes) => {
        await storeRecords(records);
        for (const [step, change] of writes.entries()) {
          await apply(change, step);
          const { keys, totals } = await recount();
          expect((await firstPage()).totals).toEqual(totals);
          // Read twice: the second answer comes from the stored row, which must be current and right.
          expect((await firstPage()).totals).toEqual(totals);
          expect(await stored()).toEqual({ keys, current: true });
        }
      }),
      { numRuns: 15 },
    );
  }, 120_000);

  it('stays right with writes racing reads', async () => {
    await storeRecords([]);
    const ctx = serviceContext(db.prisma, { sql: readRunnerOf(db) });
    const before = (await firstPage(ctx)).totals.all;
    const writers = range(20).map((i) =>
      db.prisma.agentMemory.create({
        data: { id: `mem_race_${i}`, key: `race-${i}`, scope: SHARED[i % SHARED.length]!, text: 'x', author: 'human' },
      }),
    );
    const readers = range(20).map(() => firstPage(ctx));
    const seen = (await Promise.all([...readers, ...writers]).then((all) => all.slice(0, 20))) as Awaited<ReturnType<typeof firstPage>>[];
    for (const page of seen) expect(page.totals.all).toBeGreaterThanOrEqual(before);
    for (const page of seen) expect(page.totals.all).toBeLessThanOrEqual(before + 20);
    const { keys, totals } = await recount();
    expect(totals.all).toBe(before + 20);
    expect((await firstPage(ctx)).totals).toEqual(totals);
    expect(await stored()).toEqual({ keys, current: true });
  });

  // A read replica refuses every write, also one inside a read's statement. The page and the
  // preview count on such a connection and store the count through the primary's client.
  it.runIf(testBackend() === 'postgres')(
    'reads the page and the preview on a connection that refuses writes, as a replica does',
    async () => {
      await storeRecords([]);
      await db.prisma.agentMemory.create({ data: { id: 'mem_ro_1', key: 'ro-1', scope: 'tenant:berlin', text: 'x', author: 'human' } });
      expect((await stored())?.current).not.toBe(true); // the write made any stored count stale
      // Each read inside a READ ONLY transaction of its own, which a transaction pooler keeps on
      // one server connection (a connection's startup options would not pass PgBouncer).
      const client = new pg.Client({ connectionString: (db.target as { url: string }).url });
      await client.connect();
      const readOnly = async <T>(work: (sql: SqlRunner) => Promise<T>): Promise<T> => {
        await client.query('BEGIN READ ONLY');
        try {
          return await work(pgRunner(client, true, { namedStatements: false }));
        } finally {
          await client.query('ROLLBACK');
        }
      };
      try {
        const refused = readOnly((sql) =>
          sql.query(`INSERT INTO "visible_key_count" ("scopeSet", "scopes", "generations", "keys") VALUES ('x', '{}', '{}', 0)`),
        );
        await expect(refused).rejects.toThrow(/read-only/);
        const { keys, totals } = await recount();
        await db.prisma.$executeRaw`DELETE FROM "visible_key_count"`;
        expect((await readOnly((sql) => firstPage(serviceContext(db.prisma, { sql })))).totals).toEqual(totals);
        expect(await stored()).toEqual({ keys, current: true });
        await db.prisma.$executeRaw`DELETE FROM "visible_key_count"`;
        const tenant = { ref: 'berlin', name: 'Berlin', maxMemories: 5, maxFactChars: 240 };
        const preview = await readOnly((sql) =>
          previewTurn({ ctx: serviceContext(db.prisma, { sql }), input: { viewer: { ...viewer, tenant } } }),
        );
        expect(preview.digest.omitted + preview.digest.offered).toBe(totals.all);
        expect(await stored()).toEqual({ keys, current: true });
      } finally {
        await client.end();
      }
    },
  );

  // Two interleavings a pool of connections allows (PostgreSQL): a read while a write is open, and
  // a read whose snapshot predates a write that commits before the read stores its count.
  it.runIf(testBackend() === 'postgres')('never keeps a count from before a write as current', async () => {
    await storeRecords([]);
    const base = (await firstPage()).totals.all;
    await db.prisma.$transaction(async (tx) => {
      await tx.agentMemory.create({ data: { id: 'mem_open_1', key: 'open-1', scope: 'tenant:berlin', text: 'x', author: 'human' } });
      expect((await firstPage()).totals.all).toBe(base);
    });
    expect((await firstPage()).totals.all).toBe(base + 1);

    await db.prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT 1 FROM "agent_memory" LIMIT 1`; // takes the snapshot
        await db.prisma.agentMemory.create({ data: { id: 'mem_open_2', key: 'open-2', scope: 'global', text: 'x', author: 'human' } });
        expect((await firstPage({ ...serviceContext(db.prisma), db: tx })).totals.all).toBe(base + 1);
      },
      { isolationLevel: 'RepeatableRead' },
    );
    expect((await firstPage()).totals.all).toBe(base + 2);
    expect((await stored())?.current).toBe(true);
  });
});

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
