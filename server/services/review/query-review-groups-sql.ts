// The statement behind the review queue (query-review-groups.ts) and its fragments, which the
// group's detail (get-review-group-sql.ts) shares, with the schema of a group's row.
import { reviewSearchQuery, type ReviewCursor, type ReviewSort, type WordingRow } from '../../domain';
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import { jsonColumn } from '../../db/sql-rows';
import { momentSql, offeredSql } from '../memories/visible-rows';
import type { ReviewGroupQuery } from './query-review-groups';

const publishedFactSchema = z.object({ scope: z.string(), text: z.string(), pinned: z.boolean() });
export type PublishedFact = z.output<typeof publishedFactSchema>;

/** The columns of a group's row (reviewGroupsSql, and the detail's from the same fragments). */
export const reviewGroupRowShape = {
  tenantRef: z.string(),
  key: z.string(),
  people: z.number(),
  newestAt: z.date(),
  textCount: z.number(),
  /** How well the group matches the search (0 without one). */
  rank: z.number(),
  published: jsonColumn(z.array(publishedFactSchema)),
  dismissedAt: z.date().nullable(),
  /** The key's snooze, kept or not (isSnoozed decides whether it still hides the key). */
  snoozedUntil: z.date().nullable(),
  seenNewestAt: z.date().nullable(),
  snoozeVersion: z.number().nullable(),
  /** The group's most-held wordings, most-held first, each with its similarity to those before it (see clusterWordings). */
  wordings: jsonColumn(z.array(z.tuple([z.string(), z.number(), z.array(z.number())]))),
};
export const reviewGroupRowSchema = z.object(reviewGroupRowShape);
export type ReviewGroupRow = z.output<typeof reviewGroupRowSchema> & { wordings: WordingRow[] };

/** `value` with LIKE's wildcards escaped. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (match) => `\\${match}`);

/** The column each sort orders by (descending), then key and tenant. */
const SORT_COLUMN: Record<ReviewSort, string> = { people: 'people', newest: 'newestAt', relevance: 'rank' };

/** The rows after cursor `after` in `sort`'s order. */
function keysetCondition(sort: ReviewSort, after: ReviewCursor): Prisma.Sql {
  const column = Prisma.raw(`g."${SORT_COLUMN[sort]}"`);
  const value =
    sort === 'newest'
      ? Prisma.sql`${new Date(after.value as string)}`
      : sort === 'relevance'
        ? Prisma.sql`${after.value}::float8`
        : Prisma.sql`${after.value}`;
  const tail = Prisma.sql`(g."key", g."tenantRef") > (${after.key}, ${after.tenantRef})`;
  return Prisma.sql`AND (${column} < ${value} OR (${column} = ${value} AND ${tail}))`;
}

/** A group's totals over its summary rows `s` (grouped by tenant and key). */
export const GROUP_COLUMNS = Prisma.sql`s."tenantRef", s."key", sum(s."people")::int AS "people", max(s."newestAt") AS "newestAt",
             count(*)::int AS "textCount"`;

/**
 * The scopes whose record for a key counts as published for each of `tenants` (columns tenantRef
 * and scope): the tenant's own, `global` and the tenant's custom scopes. publishedFactsSql reads it
 * as `published_scope`.
 */
export function publishedScopesSql(tenants: string[] | Prisma.Sql): Prisma.Sql {
  // One tenant given as an expression (the detail), or a list of them.
  const list = Array.isArray(tenants) ? Prisma.sql`${tenants}::text[]` : Prisma.sql`ARRAY[${tenants}]`;
  return Prisma.sql`
      SELECT t."ref" AS "tenantRef", 'tenant:' || t."ref" AS "scope" FROM unnest(${list}) AS t("ref")
      UNION ALL SELECT t."ref", 'global' FROM unnest(${list}) AS t("ref")
      UNION ALL SELECT d."tenantRef", d."token" FROM "scope_definition" d WHERE d."tenantRef" = ANY(${list})`;
}

/** The facts published for one group, as a JSON array in a column "published" (null when none). */
export function publishedFactsSql(tenantRef: Prisma.Sql, key: Prisma.Sql, now: Date): Prisma.Sql {
  return Prisma.sql`
        SELECT json_agg(json_build_object('scope', m."scope", 'text', m."text", 'pinned', m."pinned") ORDER BY m."scope") AS "published"
          FROM published_scope ps JOIN "agent_memory" m ON m."scope" = ps."scope" AND m."key" = ${key} AND ${offeredSql('m', now)}
         WHERE ps."tenantRef" = ${tenantRef}`;
}

/**
 * One group's `texts` most-held wordings as a JSON array of WordingRows in a column "wordings" (null
 * when none): each pair's similarity once, and each text once, rather than a JSON object per pair
 * with both texts in it — on a page of groups those bytes, and parsing them, were most of the
 * time the endpoint spent outside its SQL (docs/benchmarks.md "review").
 */
export function wordingsSql(tenantRef: Prisma.Sql, key: Prisma.Sql, texts: number): Prisma.Sql {
  return Prisma.sql`
        WITH top AS (
          SELECT s."text", s."people", row_number() OVER (ORDER BY s."people" DESC, s."text") AS "n" FROM "review_summary" s
           WHERE s."tenantRef" = ${tenantRef} AND s."key" = ${key}
           ORDER BY s."people" DESC, s."text" LIMIT ${Prisma.raw(String(Math.trunc(texts)))}
        )
        SELECT json_agg(json_build_array(a."text", a."people",
                                         ARRAY(SELECT similarity(b."text", a."text") FROM top b WHERE b."n" < a."n" ORDER BY b."n"))
                        ORDER BY a."n") AS "wordings"
          FROM top a`;
}

/**
 * Whether group `g` has a published fact: one index probe per group, for the Published filter.
 * The facts themselves (publishedFactsSql) are built for the page's rows only, after the sort has
 * kept them: building them for every group first made the page linear in the tenant's keys
 * (20,000 keys: 302 ms, most of it json_agg of facts no one would see).
 */
const publishedProbeSql = (now: Date) => Prisma.sql`SELECT 1 FROM published_scope ps
         JOIN "agent_memory" m ON m."scope" = ps."scope" AND m."key" = g."key" AND ${offeredSql('m', now)}
         WHERE ps."tenantRef" = g."tenantRef"`;

/**
 * Whether snooze `z` still hides group `g` at `now`: the domain's `isSnoozed` (review-queue.ts) as
 * SQL, with the moment as a parameter. review-snooze.int.test.ts holds the two together.
 */
export function snoozeActiveSql(z: string, newestAt: Prisma.Sql, now: Date): Prisma.Sql {
  const col = (name: string) => Prisma.raw(`${z}."${name}"`);
  return Prisma.sql`(${col('snoozedUntil')} > ${momentSql(now)} AND ${newestAt} <= ${col('seenNewestAt')})`;
}

/** The query itself (the benchmark runs EXPLAIN ANALYZE on it). */
export function reviewGroupsSql(input: ReviewGroupQuery, now: Date): Prisma.Sql {
  const tsquery = input.search ? reviewSearchQuery(input.search) : null;
  const sql = (condition: unknown, fragment: Prisma.Sql) => (condition ? fragment : Prisma.empty);
  // Dismissed and published are written into the text rather than passed as values: the prepared
  // statement's generic plan then knows them, and joins the dismissals as the planner would for
  // their values (an anti join for the default view) instead of joining all and filtering after.
  const order = (alias: string) => Prisma.raw(`${alias}."${SORT_COLUMN[input.sort]}" DESC, ${alias}."key", ${alias}."tenantRef"`);
  // Ranked only among the viewer's tenants' rows: the tenant filter comes first.
  // The query is parsed once per run (a sub-select), not once per row: a prepared statement's
  // generic plan would otherwise call to_tsquery for every summary row it ranks and filters.
  const query = Prisma.sql`(SELECT to_tsquery('simple', ${tsquery}))`;
  const rank = tsquery ? Prisma.sql`max(ts_rank(s."search", ${query}))::float8` : Prisma.sql`0::float8`;
  return Prisma.sql`
    WITH groups AS (
      SELECT ${GROUP_COLUMNS}, ${rank} AS "rank"
        FROM "review_summary" s
       WHERE s."tenantRef" = ANY(${input.tenants}::text[])
         ${sql(input.key !== undefined, Prisma.sql`AND s."key" = ${input.key}`)}
         ${sql(input.prefix, Prisma.sql`AND s."key" LIKE ${`${escapeLike(input.prefix ?? '')}%`}`)}
       GROUP BY s."tenantRef", s."key"
       ${sql(tsquery, Prisma.sql`HAVING bool_or(s."search" @@ ${query})`)}
    ), published_scope AS (${publishedScopesSql(input.tenants)}
    ), page AS (
    SELECT g.*, d."dismissedAt", z."snoozedUntil", z."seenNewestAt", z."version" AS "snoozeVersion"
      FROM groups g
      LEFT JOIN "review_dismissal" d ON d."tenantRef" = g."tenantRef" AND d."key" = g."key"
      LEFT JOIN "review_snooze" z ON z."tenantRef" = g."tenantRef" AND z."key" = g."key"
     WHERE TRUE
       ${sql(input.dismissed !== undefined, Prisma.raw(`AND d."key" IS ${input.dismissed ? 'NOT NULL' : 'NULL'}`))}
       ${sql(input.snoozed !== undefined, Prisma.sql`AND ${Prisma.raw(input.snoozed ? '' : 'NOT')} COALESCE(${snoozeActiveSql('z', Prisma.raw('g."newestAt"'), now)}, FALSE)`)}
       ${sql(input.minPeople, Prisma.sql`AND g."people" >= ${input.minPeople}`)}
       ${sql(input.newerThan, Prisma.sql`AND g."newestAt" >= ${input.newerThan}`)}
       ${sql(input.published !== undefined, Prisma.sql`AND ${Prisma.raw(input.published ? '' : 'NOT')} EXISTS (${publishedProbeSql(now)})`)}
       ${input.after ? keysetCondition(input.sort, input.after) : Prisma.empty}
     ORDER BY ${order('g')}
     LIMIT ${input.limit}
    )
    SELECT page.*, COALESCE(p."published", '[]'::json) AS "published", COALESCE(w."wordings", '[]'::json) AS "wordings"
      FROM page
      LEFT JOIN LATERAL (${publishedFactsSql(Prisma.raw('page."tenantRef"'), Prisma.raw('page."key"'), now)}) p ON true
      LEFT JOIN LATERAL (${wordingsSql(Prisma.raw('page."tenantRef"'), Prisma.raw('page."key"'), input.texts)}) w ON true
     ORDER BY ${order('page')}`;
}
