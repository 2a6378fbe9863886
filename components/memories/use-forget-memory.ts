'use client';
// Forget one memory: the row leaves every cached list at once, and comes back if the server refuses.
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTRPC } from '@/components/trpc/client';
import type { MemoryPage } from '@/components/trpc/outputs';
import { errorCode, errorMessage } from '@/components/trpc/errors';
import { useRefreshMemories } from './use-refresh-memories';

/** Why a delete failed, and whether the memory is gone anyway (then the row is too). */
function forgetFailure(error: unknown): { message: string; gone: boolean } {
  if (errorCode(error) === 'NOT_FOUND') {
    return { message: 'It was already gone: it may have been deleted in another window. The list is up to date now.', gone: true };
  }
  return { message: errorMessage(error, 'It could not be deleted, so it is back in the list.'), gone: false };
}

type Pages = InfiniteData<MemoryPage, MemoryPage['next']>;

/** The cached pages without one memory; the totals drop with it until the refresh answers. */
function withoutMemory(list: Pages, id: string): Pages {
  const gone = list.pages.flatMap((page) => page.memories).find((memory) => memory.id === id);
  if (!gone) return list;
  return {
    ...list,
    pages: list.pages.map((page) => ({
      ...page,
      memories: page.memories.filter((memory) => memory.id !== id),
      totals: { all: page.totals.all - 1, yours: page.totals.yours - (gone.mine ? 1 : 0) },
    })),
  };
}

export function useForgetMemory({ onFailure }: { onFailure: (failure: { message: string; gone: boolean }, id: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = useRefreshMemories();
  const listFilter = trpc.memories.list.pathFilter();

  return useMutation(
    trpc.memories.forget.mutationOptions({
      onMutate: async ({ id }) => {
        await queryClient.cancelQueries(listFilter);
        const snapshot = queryClient.getQueriesData<Pages>(listFilter);
        queryClient.setQueriesData<Pages>(listFilter, (list) => list && withoutMemory(list, id));
        return { snapshot };
      },
      onError: (error, { id }, context) => {
        for (const [queryKey, data] of context?.snapshot ?? []) queryClient.setQueryData(queryKey, data);
        onFailure(forgetFailure(error), id);
      },
      onSettled: () => refresh(),
    }),
  );
}
