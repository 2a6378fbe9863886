'use client';
// After any change to memories, the list (every filter), the conversations, the preview and the
// muted and expired ones are stale.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '@/components/trpc/client';

export function useRefreshMemories() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries(trpc.memories.list.pathFilter()),
        queryClient.invalidateQueries(trpc.memories.conversations.pathFilter()),
        queryClient.invalidateQueries(trpc.memories.preview.pathFilter()),
        queryClient.invalidateQueries(trpc.memories.inactive.pathFilter()),
      ]),
    [queryClient, trpc],
  );
}
