'use client';
// Dismiss a key from the review queue or put it back; the queue and its details refresh afterwards.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage } from '@/components/trpc/errors';

export function useReviewDismissal({ onDone }: { onDone: (tone: 'success' | 'error', text: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries(trpc.review.list.pathFilter());
    void queryClient.invalidateQueries(trpc.review.detail.pathFilter());
  };
  const dismiss = useMutation(
    trpc.review.dismiss.mutationOptions({
      onSuccess: ({ key }) => onDone('success', `“${key}” is marked as not worth publishing and left the queue.`),
      onError: (error, { key }) => onDone('error', errorMessage(error, `“${key}” could not be dismissed. Try again.`)),
      onSettled: refresh,
    }),
  );
  const restore = useMutation(
    trpc.review.undismiss.mutationOptions({
      onSuccess: ({ key }) => onDone('success', `“${key}” is back in the review queue.`),
      onError: (error, { key }) => onDone('error', errorMessage(error, `“${key}” could not be put back. Try again.`)),
      onSettled: refresh,
    }),
  );
  return { dismiss, restore };
}
