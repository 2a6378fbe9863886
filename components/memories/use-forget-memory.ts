'use client';
// Forget one memory: the row leaves every cached list at once, and comes back if the server refuses.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/trpc/client';
import type { VisibleMemory } from '@/components/trpc/outputs';
import { errorCode, errorMessage } from '@/components/trpc/errors';
import { useRefreshMemories } from './use-refresh-memories';

export function forgetFailureMessage(error: unknown, key: string): string {
  const code = errorCode(error);
  if (code === 'NOT_FOUND') return `"${key}" was already gone: it may have been deleted in another window. The list is up to date now.`;
  return errorMessage(error, `"${key}" could not be deleted, so it is back in the list.`);
}

export function useForgetMemory({ onFailure }: { onFailure: (message: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = useRefreshMemories();
  const listFilter = trpc.memories.list.pathFilter();

  return useMutation(
    trpc.memories.forget.mutationOptions({
      onMutate: async ({ id }) => {
        await queryClient.cancelQueries(listFilter);
        const snapshot = queryClient.getQueriesData<VisibleMemory[]>(listFilter);
        queryClient.setQueriesData<VisibleMemory[]>(listFilter, (list) => list?.filter((memory) => memory.id !== id));
        return { snapshot };
      },
      onError: (error, { id }, context) => {
        for (const [queryKey, data] of context?.snapshot ?? []) queryClient.setQueryData(queryKey, data);
        const key = context?.snapshot.flatMap(([, data]) => data ?? []).find((memory) => memory.id === id)?.key ?? 'This memory';
        onFailure(forgetFailureMessage(error, key));
      },
      onSettled: () => refresh(),
    }),
  );
}
