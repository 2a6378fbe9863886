// The statement behind the memory list (list-visible-memories.ts): a page or the whole list with
// the totals, the filters it applies, and the schema of its rows.
import { actorScope } from '../../domain';
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import type { ListFilter, ListVisibleMemoriesInput } from './list-visible-memories';
import { pageWalkCte, sharedKeysShape } from './page-walk-sql';
import { threadColumnsShape, threadColumnsSql } from './thread-info-sql';
import { offeredSql } from './visible-rows';
import { noWinnerShape, overridesSql, winnerColumnsSql, winnerRowShape, winnersCte } from './visible-winners-sql';

/** The totals every row carries, and the count of the shared scopes' keys an unfiltered page made (null otherwise). */
const totalsShape = {
  all: z.number(),
  yours: z.number(),
  sharedKeys: sharedKeysShape.sharedKeys.nullable(),
  countedAt: sharedKeysShape.countedAt,
};
const memoryRowSchema = z.object({ ...winnerRowShape, ...threadColumnsShape, overrides: z.unknown(), ...totalsShape });
/** A row of the statement: a page's memory with the totals, or the totals alone when the page is empty. */
export const visibleMemoryRowSchema = z.union([memoryRowSchema, z.object({ ...noWinnerShape, ...totalsShape })]);
export type VisibleMemoryRow = z.output<typeof memoryRowSchema>;

/** A LIKE pattern matching `query` anywhere, its wildcards escaped. */
function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The list's filters (text, conversation) as a condition on the winners `w`. */
function filterSql(scopes: string[], filter: ListFilter, now: Date): Prisma.Sql {
  const conditions: Prisma.Sql[] = [Prisma.sql`TRUE`];
  const query = filter.query?.trim();
  if (query) {
    const pattern = likePattern(query);
    conditions.push(Prisma.sql`w."key" IN (SELECT s."key" FROM "agent_memory" s WHERE s."scope" = ANY(${scopes}::text[])
      AND ${offeredSql('s', now)} AND (s."key" ILIKE ${pattern} OR s."text" ILIKE ${pattern}))`);
  }
  if (filter.threadId) {
    conditions.push(Prisma.sql`w."id" IN (SELECT t."id" FROM "agent_memory" t WHERE t."threadId" = ${filter.threadId}
      AND t."scope" = ANY(${scopes}::text[]) AND ${offeredSql('t', now)})`);
  }
  return Prisma.join(conditions, ' AND ');
}

/**
 * The one statement behind a page (or the whole list): winners, filter, totals, the page's rows
 * with what they beat and the conversation they came from. An unfiltered page walks the scopes
 * (page-walk-sql.ts); a filtered page and the whole list rank every visible record (winnersCte).
 */
export function visibleMemoriesSql({ viewer, filter = {}, page }: ListVisibleMemoriesInput, now: Date): Prisma.Sql {
  const scopes = viewer.scopes;
  const ownScope = actorScope(viewer.actorRef);
  const order = Prisma.sql`ORDER BY p."rank", p."key" COLLATE "C", p."id" COLLATE "C"`;
  const select = (
    counted: Prisma.Sql,
  ) => Prisma.sql`SELECT ${winnerColumnsSql('p', 'm')}, ${overridesSql(scopes, Prisma.sql`p`, now)} AS "overrides", ${threadColumnsSql('th')}, t."all", t."yours", ${counted}
    FROM "totals" t LEFT JOIN "page" p ON TRUE LEFT JOIN "agent_memory" m ON m."id" = p."id" LEFT JOIN "thread" th ON th."id" = m."threadId"
    ${order}`;
  if (page && !filter.query?.trim() && !filter.threadId) {
    const walk = pageWalkCte({ scopes, ownScope, maxMemories: viewer.tenant.maxMemories, after: page.after, limit: page.limit, now });
    return Prisma.sql`${walk} ${select(Prisma.sql`t."sharedKeys", t."countedAt"`)}`;
  }
  const after = page?.after
    ? Prisma.sql`AND (f."rank", f."key" COLLATE "C", f."id" COLLATE "C") > (${page.after.rank}::int, ${page.after.key}::text COLLATE "C", ${page.after.id}::text COLLATE "C")`
    : Prisma.empty;
  const limit = page ? Prisma.sql`LIMIT ${page.limit + 1}` : Prisma.empty;
  return Prisma.sql`${winnersCte(scopes, viewer.tenant.maxMemories, now)},
    "filtered" AS (SELECT w.* FROM "winners" w WHERE ${filterSql(scopes, filter, now)}),
    "totals" AS (SELECT count(*)::int AS "all", count(*) FILTER (WHERE f."scope" = ${ownScope})::int AS "yours" FROM "filtered" f),
    "page" AS (SELECT f.* FROM "filtered" f WHERE TRUE ${after} ORDER BY f."rank", f."key" COLLATE "C", f."id" COLLATE "C" ${limit})
    ${select(Prisma.sql`NULL::int AS "sharedKeys", NULL::text AS "countedAt"`)}`;
}
