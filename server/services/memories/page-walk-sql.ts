// The unfiltered page of My memories, and the walks the preview of the next turn shares with it
// (preview-turn-sql.ts), at a cost that grows with the page and the tenant's turn budget, not with
// everything the organisation published (docs/architecture.md "The read path").
// Same answers as winnersCte (visible-winners-sql.ts), which stays the statement for filtered and
// whole lists; visible-winners.isolated.int.test.ts compares the two and the domain's rules on random records.
//
// - Rows: a winner at rank r is a record at the r-th scope whose key no narrower scope holds, so
//   the page is, per scope in rank order, its records after the cursor in key order that no
//   narrower scope overrides, each walk cut at what the narrower ones left of the page.
// - Status: the turn carries the first maxMemories always-on winners (narrowest, then newest) and
//   fills the room left with the first non-always-on ones, so every count stops at maxMemories + 1.
// - Totals: keys at the shared scopes (every scope but the person's own), kept in
//   visible_key_count while no write changed them, plus the person's own keys no shared scope holds.
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import { offeredSql } from './visible-rows';
import { pinnedKeysSql } from './visible-winners-sql';

export interface PageWalkInput {
  /** The person's scopes, narrowest first (rank = position + 1). */
  scopes: readonly string[];
  /** The person's own actor scope: their keys are "yours", and the only ones not counted in the cache. */
  ownScope: string;
  maxMemories: number;
  after?: { rank: number; key: string; id: string };
  limit: number;
  /** The moment of the read: only the rows offered then take part (visible-rows.ts). */
  now: Date;
}

const C = Prisma.raw('COLLATE "C"');

/**
 * Offered records at `scopes` holding the key of record `m` (false when `scopes` is empty), asked
 * with one index probe for each row of `m`: `OFFSET 0` keeps PostgreSQL from turning the test into
 * an anti-join. A walk reads a page's worth of rows, so the probes cost what the join would, and
 * the join's planning is saved: a statement's first runs are planned for their values, and every
 * run of an unnamed one (docs/benchmark-history.md "Figures of 6 December, night").
 */
function heldAt(scopes: readonly string[], m: string, now: Date): Prisma.Sql {
  if (scopes.length === 0) return Prisma.sql`FALSE`;
  return Prisma.sql`EXISTS (SELECT 1 FROM "agent_memory" n WHERE n."key" = ${Prisma.raw(`${m}."key"`)} AND n."scope" = ANY(${[...scopes]}::text[]) AND ${offeredSql('n', now)} OFFSET 0)`;
}

/**
 * Whether an always-on record at `scopes` holds the key of record `m`. Always-on records are few,
 * so their keys are read once for the whole statement and looked up in a hash, with nothing to
 * plan as a join (`key` is never null, so `IN` and `EXISTS` agree).
 */
function alwaysOnAt(scopes: readonly string[], m: string, now: Date): Prisma.Sql {
  return Prisma.sql`(${Prisma.raw(`${m}."key"`)} IN (${pinnedKeysSql(scopes, now)}))`;
}

/**
 * `"name"`: the first `total` rows of one walk per scope from rank `from` on, in rank order. Each
 * walk is its own CTE, cut at what the narrower walks left of `total`, so a walk a narrower scope
 * already filled reads nothing (LIMIT 0). `branch` writes the walk over record `m` at `scope`,
 * ordered, given the condition that `m` wins (no narrower scope holds its key). A scope listed
 * twice walks nothing the second time: its own records count as narrower.
 */
function chainedWalks(
  name: string,
  scopes: readonly string[],
  now: Date,
  from: number,
  total: number,
  branch: (scope: string, rank: number, wins: Prisma.Sql) => Prisma.Sql,
): Prisma.Sql {
  const walks = scopes.slice(from - 1).map((scope, index) => {
    const rank = from + index;
    return {
      rank,
      name: Prisma.raw(`"${name}_${rank}"`),
      sql: branch(scope, rank, Prisma.sql`NOT ${heldAt(scopes.slice(0, rank - 1), 'm', now)} AND ${offeredSql('m', now)}`),
    };
  });
  const all = Prisma.raw(`"${name}"`);
  if (walks.length === 0) {
    return Prisma.sql`${all} AS (SELECT NULL::text AS "id", NULL::text AS "key", NULL::text AS "scope", NULL::timestamp AS "updatedAt", NULL::int AS "rank" WHERE FALSE)`;
  }
  const definitions = walks.map((walk, index) => {
    const taken = walks.slice(0, index).map((narrower) => Prisma.sql`(SELECT count(*) FROM ${narrower.name})`);
    const left = taken.length ? Prisma.sql`${total}::bigint - ${Prisma.join(taken, ' - ')}` : Prisma.sql`${total}::bigint`;
    return Prisma.sql`${walk.name} AS (${walk.sql} LIMIT ${left})`;
  });
  const union = Prisma.join(
    walks.map((walk) => Prisma.sql`SELECT * FROM ${walk.name}`),
    ' UNION ALL ',
  );
  return Prisma.sql`${Prisma.join(definitions, ', ')}, ${all} AS (${union})`;
}

/**
 * `walked`: the first `limit + 1` winners in display order (rank, key, id) after the cursor: a page
 * and one more to tell whether another follows, or the preview's first left-out keys.
 */
export function walkSql({ scopes, after, limit, now }: PageWalkInput): Prisma.Sql {
  const from = after ? Math.max(after.rank, 1) : 1;
  return chainedWalks('walked', scopes, now, from, limit + 1, (scope, rank, winner) => {
    const afterCursor =
      after && rank === after.rank
        ? Prisma.sql`AND m."key" ${C} >= ${after.key}::text ${C} AND (m."key" ${C}, m."id" ${C}) > (${after.key}::text ${C}, ${after.id}::text ${C})`
        : Prisma.empty;
    return Prisma.sql`SELECT m."id", m."key", m."scope", m."updatedAt", ${rank}::int AS "rank" FROM "agent_memory" m
      WHERE m."scope" = ${scope} ${afterCursor} AND ${winner} ORDER BY m."key" ${C}`;
  });
}

/** `turnFill`: the first maxMemories winners that are not always-on, in the turn's order. */
export function fillingSql({ scopes, maxMemories, now }: PageWalkInput): Prisma.Sql {
  const pinned = alwaysOnAt(scopes, 'm', now);
  return chainedWalks(
    'turnFill',
    scopes,
    now,
    1,
    maxMemories,
    (scope, rank, winner) => Prisma.sql`SELECT m."id", m."key", m."scope", m."updatedAt", ${rank}::int AS "rank"
    FROM "agent_memory" m WHERE m."scope" = ${scope} AND ${winner} AND NOT ${pinned}
    ORDER BY m."updatedAt" DESC, m."key" ${C}`,
  );
}

/** The shared scopes of a count in the order it is stored under, and that order's JSON (visible_key_count's key). */
function sharedScopeSet(shared: readonly string[]): { scopes: string[]; scopeSet: string } {
  const scopes = [...shared].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { scopes, scopeSet: JSON.stringify(scopes) };
}

/**
 * `"sharedKeys" AS (…)`: `keys`, the number of keys at the shared scopes, from visible_key_count
 * while the generations stored with it are the scopes' current ones; otherwise counted now, and
 * `countedAt` then holds the generations read in this same statement (one snapshot, so the pair is
 * never from two moments) for keepSharedKeysSql to store. A stored count a later write made stale is
 * never used: that write bumped a generation in its own transaction. The statement itself only
 * reads, so it runs on a read replica too.
 */
function sharedKeysSql(shared: readonly string[], now: Date): Prisma.Sql {
  const { scopes, scopeSet } = sharedScopeSet(shared);
  const count = Prisma.sql`SELECT count(DISTINCT s."key")::int AS "keys" FROM "agent_memory" s WHERE s."scope" = ANY(${scopes}::text[]) AND ${offeredSql('s', now)}`;
  // An actor scope is never bumped (see the migration), so a set holding one is always counted and never stored.
  if (scopes.some((scope) => scope.startsWith('actor:')))
    return Prisma.sql`"sharedKeys" AS (SELECT c."keys", NULL::text AS "countedAt" FROM (${count}) c)`;
  return Prisma.sql`"generations" AS (
      SELECT COALESCE(array_agg(COALESCE(g."generation", 0) ORDER BY s."position"), '{}'::bigint[]) AS "current"
      FROM unnest(${scopes}::text[]) WITH ORDINALITY s("scope", "position") LEFT JOIN "scope_generation" g ON g."scope" = s."scope"
    ), "stored" AS (
      SELECT c."keys" FROM "visible_key_count" c, "generations" g WHERE c."scopeSet" = ${scopeSet} AND c."generations" = g."current"
    ), "counted" AS (
      ${count} AND NOT EXISTS (SELECT 1 FROM "stored")
    ), "sharedKeys" AS (
      SELECT COALESCE((SELECT "keys" FROM "stored"), (SELECT "keys" FROM "counted")) AS "keys",
        CASE WHEN NOT EXISTS (SELECT 1 FROM "stored") THEN (SELECT g."current"::text FROM "generations" g) END AS "countedAt"
    )`;
}

/** What a statement with totalsCte says about the count it made (`countedAt` null: it used the stored one). */
export const sharedKeysShape = { sharedKeys: z.number(), countedAt: z.string().nullable() };

/**
 * Stores the count of the shared scopes' keys a statement made (its `sharedKeys` at `countedAt`),
 * for the next reads of the same scopes: a separate write, on the primary, after the read.
 */
export function keepSharedKeysSql(
  { scopes, ownScope }: Pick<PageWalkInput, 'scopes' | 'ownScope'>,
  counted: { sharedKeys: number; countedAt: string },
): Prisma.Sql {
  const set = sharedScopeSet(scopes.filter((scope) => scope !== ownScope));
  return Prisma.sql`INSERT INTO "visible_key_count" ("scopeSet", "scopes", "generations", "keys")
    VALUES (${set.scopeSet}, ${set.scopes}::text[], ${counted.countedAt}::bigint[], ${counted.sharedKeys})
    ON CONFLICT ("scopeSet") DO UPDATE SET "generations" = excluded."generations", "keys" = excluded."keys"`;
}

/**
 * `"sharedKeys" …, "own" AS (…), "totals" AS (…)`: the number of visible keys (`all`, one winner
 * each) and of the person's own winners (`yours`), as one row of `totals`, with the shared scopes'
 * count and when it was counted (`sharedKeys`, `countedAt`: sharedKeysShape); for a page and for
 * the preview (preview-turn-sql.ts).
 */
export function totalsCte({ scopes, ownScope, now }: Pick<PageWalkInput, 'scopes' | 'ownScope' | 'now'>): Prisma.Sql {
  const ownRank = scopes.indexOf(ownScope) + 1;
  const shared = scopes.filter((scope) => scope !== ownScope);
  const own = ownRank
    ? Prisma.sql`SELECT count(*) FILTER (WHERE NOT ${heldAt(shared, 'o', now)})::int AS "ownOnly", count(*) FILTER (WHERE NOT ${heldAt(scopes.slice(0, ownRank - 1), 'o', now)})::int AS "yours"
        FROM "agent_memory" o WHERE o."scope" = ${ownScope} AND ${offeredSql('o', now)}`
    : Prisma.sql`SELECT 0 AS "ownOnly", 0 AS "yours"`;
  return Prisma.sql`${sharedKeysSql(shared, now)},
    "own" AS (${own}),
    "totals" AS (SELECT (k."keys" + o."ownOnly")::int AS "all", o."yours", k."keys" AS "sharedKeys", k."countedAt" FROM "sharedKeys" k, "own" o)`;
}

/**
 * `WITH …` defining `page` (the page's winners plus one: id, key, scope, updatedAt, rank, alwaysOn,
 * status) and `totals` (all, yours), as the rows and totals of visibleMemoriesSql's unfiltered page.
 */
export function pageWalkCte(input: PageWalkInput): Prisma.Sql {
  const { scopes, maxMemories, limit, now } = input;
  const scopeList = [...scopes];
  return Prisma.sql`WITH ${totalsCte(input)},
    "pins" AS MATERIALIZED (
      SELECT count(*)::int AS "n" FROM (
        SELECT 1 FROM "agent_memory" p WHERE p."pinned" AND p."scope" = ANY(${scopeList}::text[]) AND ${offeredSql('p', now)}
          -- OFFSET 0: one probe per always-on record (see heldAt)
          AND NOT EXISTS (SELECT 1 FROM "agent_memory" q WHERE q."key" = p."key" AND q."pinned" AND q."scope" = ANY(${scopeList}::text[])
            AND ${offeredSql('q', now)} AND array_position(${scopeList}::text[], q."scope") < array_position(${scopeList}::text[], p."scope") OFFSET 0)
        LIMIT ${maxMemories + 1}) x
    ),
    ${fillingSql(input)},
    "filling" AS MATERIALIZED (
      SELECT f."id", row_number() OVER (ORDER BY f."rank", f."updatedAt" DESC, f."key" ${C}, f."id" ${C}) AS "turnPlace" FROM "turnFill" f
    ),
    ${walkSql(input)},
    "walk" AS (SELECT w.* FROM "walked" w ORDER BY w."rank", w."key" ${C}, w."id" ${C} LIMIT ${limit + 1}),
    "flagged" AS (SELECT w.*, ${alwaysOnAt(scopes, 'w', now)} AS "alwaysOn" FROM "walk" w),
    "page" AS (
      SELECT w."id", w."key", w."scope", w."updatedAt", w."rank", w."alwaysOn",
        CASE
          WHEN NOT w."alwaysOn" THEN CASE
            WHEN EXISTS (SELECT 1 FROM "filling" f WHERE f."id" = w."id" AND f."turnPlace" <= ${maxMemories} - LEAST((SELECT "n" FROM "pins"), ${maxMemories}))
            THEN 'carried' ELSE 'leftOut' END
          -- Counted only when more keys are pinned than a turn carries; CASE asks in this order.
          WHEN (SELECT "n" FROM "pins") <= ${maxMemories} THEN 'carried'
          WHEN ${alwaysOnBeforeSql(scopeList, maxMemories, now)} < ${maxMemories} THEN 'carried'
          ELSE 'alwaysOnLeftOut'
        END AS "status"
      FROM "flagged" w
    )`;
}

/**
 * How many always-on winners come before page row `w` in the turn's order, stopping at
 * maxMemories (only asked when more keys are pinned than a turn carries): each pinned key once, at
 * its narrowest pinned record, compared by where its winner stands.
 */
function alwaysOnBeforeSql(scopes: string[], maxMemories: number, now: Date): Prisma.Sql {
  const rank = (alias: string) => Prisma.sql`array_position(${scopes}::text[], ${Prisma.raw(`${alias}."scope"`)})`;
  return Prisma.sql`(SELECT count(*) FROM (
      SELECT 1 FROM "agent_memory" p
      CROSS JOIN LATERAL (SELECT v.* FROM "agent_memory" v WHERE v."key" = p."key" AND v."scope" = ANY(${scopes}::text[]) AND ${offeredSql('v', now)}
        ORDER BY ${rank('v')} LIMIT 1) v
      WHERE p."pinned" AND p."scope" = ANY(${scopes}::text[]) AND ${offeredSql('p', now)}
        -- OFFSET 0: one probe per always-on record (see heldAt)
        AND NOT EXISTS (SELECT 1 FROM "agent_memory" q WHERE q."key" = p."key" AND q."pinned" AND q."scope" = ANY(${scopes}::text[])
          AND ${offeredSql('q', now)} AND ${rank('q')} < ${rank('p')} OFFSET 0)
        -- newest first: the winner's and the row's updatedAt swap sides
        AND (${rank('v')}, w."updatedAt", v."key" ${C}, v."id" ${C}) < (w."rank", v."updatedAt", w."key" ${C}, w."id" ${C})
      LIMIT ${maxMemories}) x)`;
}
