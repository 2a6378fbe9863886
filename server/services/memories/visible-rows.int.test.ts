// Every reader against the one rule of visible-rows.ts, on PGlite and PostgreSQL: random records in
// random states (active, muted, expired; an expiry passed, passing at that very moment, or ahead)
// read at random moments. Each reader must answer what the domain's reference answers over the
// records `isOffered` at that moment — so a muted or expired narrow value leaves its key to the
// wider value, and nothing muted or expired is ever offered, listed, counted, carried or found.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPrecedence, isOffered, selectForTurn, stateAt, type MemoryRecord, type MemoryState } from '../../domain';
import { Prisma } from '../../db/generated/client';
import { readRunnerOf, type Database } from '../../db/open-database';
import { jsonPiecesResponse } from '../../http/json-response';
import { createTestDatabase } from '../../testing/test-database';
import { serviceContext, type ServiceContext } from '../context';
import { queryReviewGroups } from '../review/query-review-groups';
import { listRuntimeMemories } from '../runtime/list-runtime-memories';
import { searchRuntimeMemories } from '../runtime/search-runtime-memories';
import { listAgentMemoryJson } from './list-agent-memory-json';
import { listConversations } from './list-conversations';
import { listTopics } from './list-topics';
import { listVisibleMemories, type VisibleMemory } from './list-visible-memories';
import { previewTurn } from './preview-turn';
import { expiredWhere, notOfferedSql, offeredWhere, unexpiredWhere } from './visible-rows';
import { carriedLines } from '../../testing/carried-lines';

const SCOPES = ['actor:u1', 'depot:hh', 'tenant:berlin', 'global'];
const SHARED = SCOPES.slice(1);
const KEYS = ['fiscal-year', 'units', 'parking', 'lunch'];
/** The moment the records' expiries are set around; readers read at T and around it. */
const T = Date.UTC(2026, 5, 1, 12, 0, 0);
const SECOND = 1000;
const EXPIRIES = [null, T - 86_400 * SECOND, T - SECOND, T, T + SECOND, T + 86_400 * SECOND];
const MOMENTS = [T - 2 * SECOND, T - 1, T, T + 1, T + SECOND, T + 2 * 86_400 * SECOND];

type LiveRecord = MemoryRecord & { state: MemoryState; expiresAt: Date | null };

const recordsArb = fc
  .uniqueArray(
    fc.record({
      key: fc.constantFrom(...KEYS),
      scope: fc.constantFrom(...SCOPES, 'actor:u2'),
      pinned: fc.boolean(),
      author: fc.constantFrom('human' as const, 'agent' as const),
      state: fc.constantFrom<MemoryState>('active', 'active', 'muted', 'expired'),
      expiresAt: fc.constantFrom(...EXPIRIES),
      day: fc.integer({ min: 1, max: 3 }),
      threadId: fc.constantFrom(undefined, 'thr_a', 'thr_b'),
    }),
    { maxLength: 24, selector: (row) => `${row.scope}|${row.key}` },
  )
  .map((rows) =>
    rows.map(({ day, expiresAt, threadId, ...row }, index): LiveRecord => ({
      ...row,
      ...(threadId ? { threadId } : {}),
      id: `mem_${String((index * 7) % 97).padStart(3, '0')}_${index}`,
      text: `${row.key} at ${row.scope}`,
      updatedAt: new Date(Date.UTC(2026, 0, day)),
      expiresAt: expiresAt === null ? null : new Date(expiresAt),
    })),
  );

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
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

async function storeRecords(records: LiveRecord[]) {
  await db.prisma.agentMemory.deleteMany();
  await db.prisma.agentMemory.createMany({
    data: records.map(({ id, key, text, scope, pinned, author, updatedAt, threadId, state, expiresAt }) => ({
      id,
      key,
      text,
      scope,
      pinned,
      author,
      updatedAt,
      threadId,
      state,
      expiresAt,
      tenantRef: scope === 'global' ? null : 'berlin',
    })),
  });
}

/** The contexts a reader runs in: Prisma, and on PostgreSQL the driver's pool too. */
function contexts(now: Date): ServiceContext[] {
  const sql = readRunnerOf(db);
  return [serviceContext(db.prisma, { now: () => now }), ...(sql ? [serviceContext(db.prisma, { now: () => now, sql })] : [])];
}

const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id).sort();

describe('every reader agrees with the one rule of which rows are offered', () => {
  it('the list (whole and page by page), the preview, the read-back, topics and conversations', async () => {
    await fc.assert(
      fc.asyncProperty(recordsArb, fc.constantFrom(...MOMENTS), fc.integer({ min: 0, max: 5 }), async (records, at, maxMemories) => {
        await storeRecords(records);
        const now = new Date(at);
        const offered = records.filter((record) => isOffered(record, now));
        const entries = applyPrecedence(offered, SCOPES);
        const carried = selectForTurn(entries, SCOPES, { maxMemories }).entries.map((entry) => entry.id);
        const viewer = {
          actorRef: 'u1',
          scopes: SCOPES,
          grants: [],
          tenant: { ref: 'berlin', name: 'Berlin', maxMemories, maxFactChars: 500 },
        };
        const shape = (memory: VisibleMemory) => ({
          id: memory.id,
          overrides: memory.overrides.map(({ scope, text }) => ({ scope, text })),
        });
        const expected = entries.map((entry) => ({ id: entry.id, overrides: entry.overrides.map(({ scope, text }) => ({ scope, text })) }));

        for (const ctx of contexts(now)) {
          const whole = await listVisibleMemories({ ctx, input: { viewer } });
          expect(whole.memories.map(shape)).toEqual(expected);
          expect(whole.totals.all).toBe(entries.length);

          const walked: VisibleMemory[] = [];
          let page = await listVisibleMemories({ ctx, input: { viewer, page: { limit: 2 } } });
          for (walked.push(...page.memories); page.next; walked.push(...page.memories)) {
            page = await listVisibleMemories({ ctx, input: { viewer, page: { limit: 2, after: page.next } } });
          }
          expect(walked).toEqual(whole.memories);
          expect(page.totals).toEqual(whole.totals);

          const filtered = await listVisibleMemories({ ctx, input: { viewer, filter: { query: 'at' } } });
          expect(filtered.memories.map(shape)).toEqual(expected);

          const preview = await previewTurn({ ctx, input: { viewer } });
          expect(
            carriedLines(preview)
              .map((entry) => entry.id)
              .sort(),
          ).toEqual([...carried].sort());
          expect(preview.digest.omitted).toBe(entries.length - carried.length);

          const readBack = (await (await jsonPiecesResponse(listAgentMemoryJson({ ctx, input: { viewer } }))).json()) as {
            id: string;
            overrides: { scope: string; text: string }[];
          }[];
          expect(readBack.map(({ id, overrides }) => ({ id, overrides: overrides.map(({ scope, text }) => ({ scope, text })) }))).toEqual(
            expected,
          );

          const topics = await listTopics({ ctx, input: { viewer } });
          const sharedWinners = applyPrecedence(
            offered.filter((record) => SHARED.includes(record.scope)),
            SHARED,
          );
          expect(topics.map((topic) => `${topic.key}@${topic.scope}`).sort()).toEqual(
            sharedWinners.map((entry) => `${entry.key}@${entry.scope}`).sort(),
          );

          const conversations = await listConversations({ ctx, input: { viewer } });
          const perThread = new Map<string, number>();
          for (const record of offered) {
            if (SCOPES.includes(record.scope) && record.threadId) perThread.set(record.threadId, (perThread.get(record.threadId) ?? 0) + 1);
          }
          expect(Object.fromEntries(conversations.map((thread) => [thread.id, thread.memories]))).toEqual(Object.fromEntries(perThread));
        }
      }),
      { numRuns: 40 },
    );
  }, 180_000);

  it("the runtime's list and search", async () => {
    const scopes = ['depot:hh', 'tenant:berlin', 'global'];
    await fc.assert(
      fc.asyncProperty(recordsArb, fc.constantFrom(...MOMENTS), async (records, at) => {
        await storeRecords(records);
        const now = new Date(at);
        const offered = records.filter((record) => scopes.includes(record.scope) && isOffered(record, now));
        const ctx = serviceContext(db.prisma, { now: () => now });
        const pool = readRunnerOf(db);
        for (const listCtx of [ctx, ...(pool ? [serviceContext(db.prisma, { now: () => now, sql: pool })] : [])]) {
          const { records } = await listRuntimeMemories({ ctx: listCtx, input: { tokenTenantRef: 'berlin', scopes } });
          const listed = (await (await jsonPiecesResponse(records())).json()) as { id: string }[];
          expect(ids(listed)).toEqual(ids(offered));
        }

        const found = await searchRuntimeMemories({
          ctx,
          input: { tokenTenantRef: 'berlin', scopes, query: 'fiscal year units', limit: 10 },
        });
        const answering = offered.filter((record) => record.pinned || ['fiscal-year', 'units'].includes(record.key));
        expect(ids(found.records)).toEqual(ids(answering));
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  // The queue's groups come from review_summary, kept by triggers on the state (an expiry passing by
  // the clock reaches them when the job moves the row: docs/concepts.md); the facts published for a
  // group, and the Published filter, are read at the moment asked.
  it("the review queue's published facts and its Published filter", async () => {
    const publishedAt = ['depot:hh', 'tenant:berlin', 'global'];
    await fc.assert(
      fc.asyncProperty(recordsArb, fc.constantFrom(...MOMENTS), async (records, at) => {
        await storeRecords(records);
        const now = new Date(at);
        const query = { tenants: ['berlin'], sort: 'people' as const, limit: 50, texts: 0 };
        const concluded = records.filter(
          (record) => record.author === 'agent' && record.scope.startsWith('actor:') && record.state === 'active',
        );
        for (const ctx of contexts(now)) {
          const groups = await queryReviewGroups({ ctx, input: query });
          expect(groups.map((group) => group.key).sort()).toEqual([...new Set(concluded.map((record) => record.key))].sort());
          for (const group of groups) {
            const facts = records.filter(
              (record) => record.key === group.key && publishedAt.includes(record.scope) && isOffered(record, now),
            );
            expect(group.published.map((fact) => fact.scope).sort(), group.key).toEqual(facts.map((fact) => fact.scope).sort());
          }
          const published = await queryReviewGroups({ ctx, input: { ...query, published: true } });
          expect(published.map((group) => group.key).sort()).toEqual(
            groups
              .filter((group) => group.published.length > 0)
              .map((group) => group.key)
              .sort(),
          );
        }
      }),
      { numRuns: 30 },
    );
  }, 120_000);

  it('offeredWhere and notOfferedSql split the rows as isOffered does, to the millisecond', async () => {
    await fc.assert(
      fc.asyncProperty(recordsArb, fc.constantFrom(...MOMENTS), async (records, at) => {
        await storeRecords(records);
        const now = new Date(at);
        const [offered, kept] = await Promise.all([
          db.prisma.agentMemory.findMany({ where: offeredWhere(now), select: { id: true } }),
          db.prisma.$queryRaw<{ id: string }[]>(Prisma.sql`SELECT m."id" FROM "agent_memory" m WHERE ${notOfferedSql('m', now)}`),
        ]);
        expect(ids(offered)).toEqual(ids(records.filter((record) => isOffered(record, now))));
        expect(ids(kept)).toEqual(ids(records.filter((record) => !isOffered(record, now))));
      }),
      { numRuns: 30 },
    );
  });

  it('unexpiredWhere and expiredWhere split the rows as stateAt does, to the millisecond', async () => {
    await fc.assert(
      fc.asyncProperty(recordsArb, fc.constantFrom(...MOMENTS), async (records, at) => {
        await storeRecords(records);
        const now = new Date(at);
        const [current, expired] = await Promise.all([
          db.prisma.agentMemory.findMany({ where: unexpiredWhere(now), select: { id: true } }),
          db.prisma.agentMemory.findMany({ where: expiredWhere(now), select: { id: true } }),
        ]);
        expect(ids(current)).toEqual(ids(records.filter((record) => stateAt(record, now) !== 'expired')));
        expect(ids(expired)).toEqual(ids(records.filter((record) => stateAt(record, now) === 'expired')));
      }),
      { numRuns: 30 },
    );
  });
});
