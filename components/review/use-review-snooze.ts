'use client';
// Snooze a key of the review queue until later, or unsnooze it; the queue and its details refresh
// afterwards. A refusal because someone else changed the snooze meanwhile says so.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/trpc/client';
import { domainDetails, errorMessage } from '@/components/trpc/errors';

const whenWords = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** Someone else snoozed or unsnoozed the key meanwhile: the list refreshes with their change. */
const failed = (error: unknown, key: string, fallback: string) =>
  domainDetails(error)?.reason === 'CHANGED_SINCE'
    ? `Someone else changed the snooze of “${key}” meanwhile; the list now shows it as it is.`
    : errorMessage(error, fallback);

export function useReviewSnooze({ onDone }: { onDone: (tone: 'success' | 'error', text: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries(trpc.review.list.pathFilter());
    void queryClient.invalidateQueries(trpc.review.detail.pathFilter());
  };
  const snooze = useMutation(
    trpc.review.snooze.mutationOptions({
      onSuccess: ({ key, snoozedUntil }) =>
        onDone('success', `“${key}” is snoozed until ${snoozedUntil ? whenWords(snoozedUntil) : 'later'}; it is under Snoozed until then.`),
      onError: (error, { key }) => onDone('error', failed(error, key, `“${key}” could not be snoozed. Try again.`)),
      onSettled: refresh,
    }),
  );
  const unsnooze = useMutation(
    trpc.review.unsnooze.mutationOptions({
      onSuccess: ({ key }) => onDone('success', `“${key}” is back in To review.`),
      onError: (error, { key }) => onDone('error', failed(error, key, `“${key}” could not be unsnoozed. Try again.`)),
      onSettled: refresh,
    }),
  );
  return { snooze, unsnooze };
}

export { whenWords as snoozeWhenWords };
