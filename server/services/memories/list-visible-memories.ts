// Everything the assistant holds that applies to a person, one entry per key with the values it
// overrides and what the next turn does with it, a page at a time in display order (scope rank,
// key, id) or all at once. Precedence, the turn's selection, the filters and the totals run in the
// database (visible-winners-sql.ts); the turn budget never hides a row from the person.
import { actorScope, describeScope, type Author, type Override, type ScopeAudience } from '../../domain';
import { administers, reachOf } from '../../domain';
import type { Viewer } from '../../auth/viewer';
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import { readRows, type ServiceCall } from '../context';
import { loadScopeLabels } from './load-scope-labels';
import { pageWalkCte } from './page-walk-sql';
import { threadColumnsShape, threadColumnsSql, toThreadInfo, type ThreadInfo } from './thread-info';
import {
  noWinnerShape,
  overridesSql,
  parseJson,
  winnerColumnsSql,
  winnerRowShape,
  winnersCte,
  type TurnStatus,
} from './visible-winners-sql';
import { offeredSql } from './visible-rows';

export interface VisibleMemory {
  id: string;
  key: string;
  text: string;
  scope: string;
  audience: ScopeAudience;
  /** A custom scope's label ("Hamburg depot"); null for the built-in scopes. */
  scopeLabel: string | null;
  pinned: boolean;
  /** Pinned anywhere for this key: the entry reaches every turn the budget allows. */
  alwaysOn: boolean;
  /** What the next turn does with it (the same selection as the preview). */
  status: TurnStatus;
  author: Author;
  /** The person made the assistant's guess their own ("Keep mine") and has not saved it since. */
  keptGuess: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  /** At the person's own actor scope: theirs to edit and delete. */
  mine: boolean;
  /** Held at a shared scope the person administers: they change it on the Facts page. */
  administered: boolean;
  origin: {
    author: Author;
    actorRef: string | null;
    threadId: string | null;
    runId: string | null;
    promotedFromId: string | null;
    thread: ThreadInfo | null;
  };
  overrides: (Override & { audience: ScopeAudience; scopeLabel: string | null })[];
}

export interface ListFilter {
  /** Case-insensitive; matches the key or the text of the winning value or any override. */
  query?: string;
  /** Keep memories whose winning value came from this conversation. */
  threadId?: string;
}

/** Where a page ends in display order; the next page starts after it. */
export interface ListCursor {
  rank: number;
  key: string;
  id: string;
}

export interface ListVisibleMemoriesInput {
  viewer: Pick<Viewer, 'actorRef' | 'scopes' | 'grants'> & { tenant: Pick<Viewer['tenant'], 'maxMemories'> };
  filter?: ListFilter;
  /** One page; without it, every visible memory. */
  page?: { after?: ListCursor; limit: number };
}

export interface VisibleMemoryPage {
  memories: VisibleMemory[];
  /** How many match the filter in all, and how many of those are the person's own. */
  totals: { all: number; yours: number };
  next: ListCursor | null;
}

const totalsShape = { all: z.number(), yours: z.number() };
const memoryRowSchema = z.object({ ...winnerRowShape, ...threadColumnsShape, overrides: z.unknown(), ...totalsShape });
/** A row of the statement: a page's memory with the totals, or the totals alone when the page is empty. */
const rowSchema = z.union([memoryRowSchema, z.object({ ...noWinnerShape, ...totalsShape })]);
type Row = z.output<typeof memoryRowSchema>;

function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

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
  const select = Prisma.sql`SELECT ${winnerColumnsSql('p', 'm')}, ${overridesSql(scopes, Prisma.sql`p`, now)} AS "overrides", ${threadColumnsSql('th')}, t."all", t."yours"
    FROM "totals" t LEFT JOIN "page" p ON TRUE LEFT JOIN "agent_memory" m ON m."id" = p."id" LEFT JOIN "thread" th ON th."id" = m."threadId"
    ${order}`;
  if (page && !filter.query?.trim() && !filter.threadId) {
    const walk = pageWalkCte({ scopes, ownScope, maxMemories: viewer.tenant.maxMemories, after: page.after, limit: page.limit, now });
    return Prisma.sql`${walk} ${select}`;
  }
  const after = page?.after
    ? Prisma.sql`AND (f."rank", f."key" COLLATE "C", f."id" COLLATE "C") > (${page.after.rank}::int, ${page.after.key}::text COLLATE "C", ${page.after.id}::text COLLATE "C")`
    : Prisma.empty;
  const limit = page ? Prisma.sql`LIMIT ${page.limit + 1}` : Prisma.empty;
  return Prisma.sql`${winnersCte(scopes, viewer.tenant.maxMemories, now)},
    "filtered" AS (SELECT w.* FROM "winners" w WHERE ${filterSql(scopes, filter, now)}),
    "totals" AS (SELECT count(*)::int AS "all", count(*) FILTER (WHERE f."scope" = ${ownScope})::int AS "yours" FROM "filtered" f),
    "page" AS (SELECT f.* FROM "filtered" f WHERE TRUE ${after} ORDER BY f."rank", f."key" COLLATE "C", f."id" COLLATE "C" ${limit})
    ${select}`;
}

export async function listVisibleMemories({ ctx, input }: ServiceCall<ListVisibleMemoriesInput>): Promise<VisibleMemoryPage> {
  const { viewer, page } = input;
  const rows = await readRows(ctx, visibleMemoriesSql(input, ctx.now()), rowSchema);
  const totals = { all: rows[0]?.all ?? 0, yours: rows[0]?.yours ?? 0 };
  const winners = rows.filter((row): row is Row => row.id !== null);
  const shown = page ? winners.slice(0, page.limit) : winners;
  const labels = await loadScopeLabels({ ctx, input: { scopes: viewer.scopes } });
  const last = shown.at(-1);
  return {
    memories: shown.map((row) => toVisibleMemory(row, viewer, labels)),
    totals,
    next: page && winners.length > page.limit && last ? { rank: last.rank, key: last.key, id: last.id } : null,
  };
}

function toVisibleMemory(row: Row, viewer: Pick<Viewer, 'actorRef' | 'grants'>, labels: Map<string, string>): VisibleMemory {
  const scope = describeScope(row.scope, viewer.actorRef);
  return {
    id: row.id,
    key: row.key,
    text: row.text,
    scope: row.scope,
    audience: scope.audience,
    scopeLabel: labels.get(row.scope) ?? null,
    pinned: row.pinned,
    alwaysOn: row.alwaysOn,
    status: row.status,
    author: row.author,
    keptGuess: row.keptGuessAt !== null,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    mine: scope.audience === 'mine',
    administered: scope.audience !== 'mine' && administers(reachOf(viewer.grants), row.scope, row.tenantRef),
    origin: {
      author: row.author,
      actorRef: row.actorRef,
      threadId: row.threadId,
      runId: row.runId,
      promotedFromId: row.promotedFromId,
      thread: row.threadId ? toThreadInfo(row.threadId, row) : null,
    },
    overrides: parseJson<Override[]>(row.overrides).map((override) => ({
      ...override,
      audience: describeScope(override.scope, viewer.actorRef).audience,
      scopeLabel: labels.get(override.scope) ?? null,
    })),
  };
}
