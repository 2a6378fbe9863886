// Everything the assistant holds that applies to a person, one entry per key with the values it
// overrides and what the next turn does with it, a page at a time in display order (scope rank,
// key, id) or all at once. Precedence, the turn's selection, the filters and the totals run in the
// database (visible-winners-sql.ts); the turn budget never hides a row from the person.
import { actorScope, describeScope, type Author, type Override, type ScopeAudience } from '../../domain';
import { administers, reachOf } from '../../domain';
import type { Viewer } from '../../auth/viewer';
import { readPrepared, type ServiceCall } from '../context';
import { keepSharedKeys } from './keep-shared-keys';
import { loadScopeLabels } from './load-scope-labels';
import { visibleMemoriesSql, visibleMemoryRowSchema, type VisibleMemoryRow } from './list-visible-memories-sql';
import { toThreadInfo, type ThreadInfo } from './thread-info';
import { parseJson, type TurnStatus } from './visible-winners-sql';

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

export async function listVisibleMemories({ ctx, input }: ServiceCall<ListVisibleMemoriesInput>): Promise<VisibleMemoryPage> {
  const { viewer, page } = input;
  const rows = await readPrepared(ctx, visibleMemoriesSql(input, ctx.now()), visibleMemoryRowSchema, 'visible_memories');
  const totals = { all: rows[0]?.all ?? 0, yours: rows[0]?.yours ?? 0 };
  const winners = rows.filter((row): row is VisibleMemoryRow => row.id !== null);
  const shown = page ? winners.slice(0, page.limit) : winners;
  const labels = await loadScopeLabels({ ctx, input: { scopes: viewer.scopes } });
  await keepSharedKeys({ ctx, input: { scopes: viewer.scopes, ownScope: actorScope(viewer.actorRef), counted: rows[0] } });
  const last = shown.at(-1);
  return {
    memories: shown.map((row) => toVisibleMemory(row, viewer, labels)),
    totals,
    next: page && winners.length > page.limit && last ? { rank: last.rank, key: last.key, id: last.id } : null,
  };
}

function toVisibleMemory(row: VisibleMemoryRow, viewer: Pick<Viewer, 'actorRef' | 'grants'>, labels: Map<string, string>): VisibleMemory {
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
