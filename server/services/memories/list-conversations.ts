// The conversations a person's visible memories came from, for the conversation filter.
import type { Viewer } from '../../auth/viewer';
import type { ServiceCall } from '../context';
import { loadThreads, type ThreadInfo } from './load-threads';

export interface ListConversationsInput {
  viewer: Pick<Viewer, 'scopes'>;
}

export async function listConversations({ ctx, input }: ServiceCall<ListConversationsInput>): Promise<(ThreadInfo & { memories: number })[]> {
  const groups = await ctx.db.agentMemory.groupBy({
    by: ['threadId'],
    where: { scope: { in: input.viewer.scopes }, threadId: { not: null } },
    _count: { _all: true },
  });
  const counts = new Map(groups.map((group) => [group.threadId!, group._count._all]));
  const threads = await loadThreads({ ctx, input: { threadIds: [...counts.keys()] } });
  return [...threads.values()]
    .map((thread) => ({ ...thread, memories: counts.get(thread.id) ?? 0 }))
    .sort((a, b) => Number(b.exists) - Number(a.exists) || (a.title ?? a.id).localeCompare(b.title ?? b.id));
}
