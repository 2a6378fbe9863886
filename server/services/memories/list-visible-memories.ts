// Everything the assistant holds that applies to a person, one entry per key with the values it
// overrides. The turn budget does not apply: people always see every record.
import { describeScope, type Author, type Override, type ScopeAudience } from '../../domain';
import { administers } from '../../auth/administers';
import type { Viewer } from '../../auth/viewer';
import type { ServiceCall } from '../context';
import { loadThreads, type ThreadInfo } from './load-threads';
import { loadVisibleEntries } from './load-visible-entries';

export interface VisibleMemory {
  id: string;
  key: string;
  text: string;
  scope: string;
  audience: ScopeAudience;
  pinned: boolean;
  /** Pinned anywhere for this key: the entry reaches every turn. */
  alwaysOn: boolean;
  author: Author;
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
  overrides: (Override & { audience: ScopeAudience })[];
}

export interface ListFilter {
  /** Case-insensitive; matches the key or the text of the winning value or any override. */
  query?: string;
  /** Keep memories that came from this conversation. */
  threadId?: string;
}

export interface ListVisibleMemoriesInput {
  viewer: Pick<Viewer, 'actorRef' | 'scopes' | 'grants'>;
  filter?: ListFilter;
}

export async function listVisibleMemories({ ctx, input }: ServiceCall<ListVisibleMemoriesInput>): Promise<VisibleMemory[]> {
  const { viewer, filter = {} } = input;
  const visible = await loadVisibleEntries({ ctx, input: { scopes: viewer.scopes } });
  const byId = new Map(visible.rows.map((row) => [row.id, row]));
  let entries = visible.entries;

  const query = filter.query?.trim().toLowerCase();
  if (query) {
    entries = entries.filter(
      (entry) =>
        entry.key.toLowerCase().includes(query) ||
        entry.text.toLowerCase().includes(query) ||
        entry.overrides.some((override) => override.text.toLowerCase().includes(query)),
    );
  }
  if (filter.threadId) entries = entries.filter((entry) => entry.threadId === filter.threadId);

  const threads = await loadThreads({ ctx, input: { threadIds: entries.flatMap((entry) => (entry.threadId ? [entry.threadId] : [])) } });
  return entries.map((entry) => {
    const row = byId.get(entry.id)!;
    const scope = describeScope(entry.scope, viewer.actorRef);
    return {
      id: entry.id,
      key: entry.key,
      text: entry.text,
      scope: entry.scope,
      audience: scope.audience,
      pinned: entry.pinned,
      alwaysOn: entry.alwaysOn,
      author: entry.author,
      version: row.version,
      createdAt: row.createdAt,
      updatedAt: entry.updatedAt,
      mine: scope.audience === 'mine',
      administered: scope.audience !== 'mine' && administers(viewer.grants, entry.scope, row.tenantRef),
      origin: {
        author: entry.author,
        actorRef: row.actorRef,
        threadId: row.threadId,
        runId: row.runId,
        promotedFromId: row.promotedFromId,
        thread: row.threadId ? (threads.get(row.threadId) ?? null) : null,
      },
      overrides: entry.overrides.map((override) => ({
        ...override,
        audience: describeScope(override.scope, viewer.actorRef).audience,
      })),
    };
  });
}
