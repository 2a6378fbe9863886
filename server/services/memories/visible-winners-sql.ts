// Precedence and the turn's selection in one SQL statement (docs/architecture.md "The read path"):
// the records at a person's scopes, one winner per key (the narrowest scope, rank =
// position in the resolved list), whether the key is pinned anywhere, and what the next turn does
// with each winner. The domain's applyPrecedence and selectForTurn are the reference; the property
// test in visible-winners.isolated.int.test.ts feeds both the same records and expects the same answers.
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import { offeredSql } from './visible-rows';

/** What the next turn does with an entry: carries it, leaves it out for the budget, or leaves out an always-on one. */
export type TurnStatus = 'carried' | 'leftOut' | 'alwaysOnLeftOut';

/** The columns winnerColumnsSql reads: one schema, built once, that each statement's row schema extends. */
export const winnerRowShape = {
  id: z.string(),
  key: z.string(),
  text: z.string(),
  scope: z.string(),
  tenantRef: z.string().nullable(),
  pinned: z.boolean(),
  author: z.enum(['human', 'agent']),
  actorRef: z.string().nullable(),
  threadId: z.string().nullable(),
  runId: z.string().nullable(),
  promotedFromId: z.string().nullable(),
  keptGuessAt: z.date().nullable(),
  version: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
  rank: z.number(),
  alwaysOn: z.boolean(),
  status: z.enum(['carried', 'leftOut', 'alwaysOnLeftOut']),
};

export type WinnerRow = z.output<z.ZodObject<typeof winnerRowShape>>;

/** The columns of a winner left-joined when there is none (every one null): statements that always return their totals row. */
export const noWinnerShape = Object.fromEntries(Object.keys(winnerRowShape).map((name) => [name, z.null()])) as {
  [K in keyof typeof winnerRowShape]: z.ZodNull;
};

/** The keys pinned at any of the scopes (an offered pinned record holds each), once each: few, on their own index. */
export function pinnedKeysSql(scopes: readonly string[], now: Date): Prisma.Sql {
  return Prisma.sql`SELECT DISTINCT p."key" FROM "agent_memory" p WHERE p."pinned" AND p."scope" = ANY(${[...scopes]}::text[]) AND ${offeredSql('p', now)}`;
}

/**
 * `"pinnedKeys" AS (…), "keyWinners" AS (…)`: each key's winner among the offered records at the
 * scopes (the narrowest scope holding it) with its rank (position in the resolved list) and whether
 * the key is pinned at any of the scopes (`alwaysOn`). Columns id, key, scope, updatedAt, rank,
 * alwaysOn. One sort of the visible records by key picks the winners (`DISTINCT ON`); the
 * pinned keys, few, come from their own index and are joined by key.
 */
export function keyWinnersCte(scopes: readonly string[], now: Date): Prisma.Sql {
  const scopeList = [...scopes];
  return Prisma.sql`"pinnedKeys" AS (${pinnedKeysSql(scopes, now)}), "keyWinners" AS (
      SELECT w.*, (k."key" IS NOT NULL) AS "alwaysOn" FROM (
        SELECT DISTINCT ON (m."key" COLLATE "C") m."id", m."key", m."scope", m."updatedAt",
          array_position(${scopeList}::text[], m."scope") AS "rank"
        FROM "agent_memory" m WHERE m."scope" = ANY(${scopeList}::text[]) AND ${offeredSql('m', now)}
        ORDER BY m."key" COLLATE "C", array_position(${scopeList}::text[], m."scope")
      ) w LEFT JOIN "pinnedKeys" k ON k."key" = w."key"
    )`;
}

/** The turn's order of winners (byNarrowestThenNewest), for rows of `alias` with rank, updatedAt, key and id. */
export function turnOrderSql(alias: string): Prisma.Sql {
  const a = `"${alias}"`;
  return Prisma.raw(`${a}."rank", ${a}."updatedAt" DESC, ${a}."key" COLLATE "C", ${a}."id" COLLATE "C"`);
}

/**
 * `WITH …` defining `winners`: one row per visible key — id, key, scope, updatedAt, rank, alwaysOn
 * and status; `winnerColumnsSql` reads the rest of WinnerRow for the rows a statement returns, so
 * the ranking and sorting over every visible record carry only the columns they need. Ties inside
 * a key cannot happen ((scope, key) is unique); between winners the turn order is
 * byNarrowestThenNewest.
 */
export function winnersCte(scopes: readonly string[], maxMemories: number, now: Date): Prisma.Sql {
  return Prisma.sql`WITH ${keyWinnersCte(scopes, now)}, "placed" AS (
    SELECT r.*,
      row_number() OVER (PARTITION BY r."alwaysOn" ORDER BY ${turnOrderSql('r')}) AS "turnPlace",
      count(*) FILTER (WHERE r."alwaysOn") OVER () AS "pinnedCount"
    FROM "keyWinners" r
  ), "winners" AS (
    SELECT p."id", p."key", p."scope", p."updatedAt", p."rank", p."alwaysOn",
      CASE
        WHEN p."alwaysOn" THEN CASE WHEN p."turnPlace" <= ${maxMemories} THEN 'carried' ELSE 'alwaysOnLeftOut' END
        WHEN p."turnPlace" <= ${maxMemories} - LEAST(p."pinnedCount", ${maxMemories}) THEN 'carried'
        ELSE 'leftOut'
      END AS "status"
    FROM "placed" p
  )`;
}

/** The columns of WinnerRow, from a `winners` row `w` and its record `m` (joined on the id). */
export function winnerColumnsSql(w: string, m: string): Prisma.Sql {
  const [winner, memory] = [Prisma.raw(`"${w}"`), Prisma.raw(`"${m}"`)];
  return Prisma.sql`${memory}."id", ${memory}."key", ${memory}."text", ${memory}."scope", ${memory}."tenantRef", ${memory}."pinned",
    ${memory}."author"::text AS "author", ${memory}."actorRef", ${memory}."threadId", ${memory}."runId", ${memory}."promotedFromId",
    ${memory}."keptGuessAt", ${memory}."version", ${memory}."createdAt", ${memory}."updatedAt", ${winner}."rank", ${winner}."alwaysOn", ${winner}."status"`;
}

/** The values a winner `w` beat, narrowest first, as a JSON array (`[]` when it beat none); offered ones only. */
export function overridesSql(scopes: readonly string[], winner: Prisma.Sql, now: Date): Prisma.Sql {
  const scopeList = [...scopes];
  return Prisma.sql`COALESCE((
    SELECT json_agg(json_build_object('scope', b."scope", 'text', b."text", 'author', b."author")
                    ORDER BY array_position(${scopeList}::text[], b."scope"))
    FROM "agent_memory" b
    WHERE b."key" = ${winner}."key" AND b."scope" = ANY(${scopeList}::text[]) AND b."id" <> ${winner}."id" AND ${offeredSql('b', now)}), '[]'::json)`;
}

/**
 * A stored timestamp (UTC, without zone) as text the way `Date.toISOString` writes it, for JSON the
 * database builds itself. `column` is a trusted column reference such as `m."updatedAt"`.
 */
export function isoTimestampSql(column: string): Prisma.Sql {
  return Prisma.raw(`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
}

/** A JSON value from a raw query: drivers hand back either the parsed value or its text. */
export function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
