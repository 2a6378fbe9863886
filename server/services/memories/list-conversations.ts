// The conversations a person's visible memories came from, for the conversation filter.
import type { Viewer } from '../../auth/viewer';
import type { ServiceCall } from '../context';
import { loadThreads, type ThreadInfo } from './load-threads';
import { loadVisibleEntries } from './load-visible-entries';

export interface ListConversationsInput {
  viewer: Pick<Viewer, 'scopes'>;
}

export async function listConversations({ ctx, input }: ServiceCall<ListConversationsInput>): Promise<(ThreadInfo & { memories: number })[]> {
  const { rows } = await loadVisibleEntries({ ctx, input: { scopes: input.viewer.scopes } });
  const counts = new Map<string, number>();
  for (const row of rows) if (row.threadId) counts.set(row.threadId, (counts.get(row.threadId) ?? 0) + 1);
  const threads = await loadThreads({ ctx, input: { threadIds: [...counts.keys()] } });
  return [...threads.values()]
    .map((thread) => ({ ...thread, memories: counts.get(thread.id) ?? 0 }))
    .sort((a, b) => Number(b.exists) - Number(a.exists) || (a.title ?? a.id).localeCompare(b.title ?? b.id));
}
