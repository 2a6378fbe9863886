'use client';
// The data behind the publish dialogs: what a key may be published as, and the publish itself.
// A publish changes what people see everywhere (their memories, the review queue, the facts), so a
// success refreshes every query on the page.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/trpc/client';

/** The part of a review-queue group the dialogs need (a `review.list` row has all of it). */
export interface PromotableGroup {
  key: string;
  tenantRef: string;
  /** Wordings grouped by similarity, most-held first; the first one's representative is the proposal. */
  clusters?: { representative: string; texts: { text: string }[] }[];
}

export function usePromotionOptions(group: PromotableGroup) {
  const trpc = useTRPC();
  return useQuery(trpc.promote.promotionOptions.queryOptions({ key: group.key, tenantRef: group.tenantRef }));
}

export function usePromote() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(trpc.promote.promote.mutationOptions({ onSuccess: () => queryClient.invalidateQueries() }));
}

/** The wording to propose: the most-held one of the group, or of the conclusions themselves. */
export function proposedText(group: PromotableGroup, sources: { text: string }[]): string {
  const top = group.clusters?.[0]?.representative;
  if (top) return top;
  const counts = new Map<string, number>();
  for (const { text } of sources) counts.set(text, (counts.get(text) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? '';
}

/** The conclusions to publish from by default: those worded like the proposal (its cluster). */
export function defaultSourceIds(group: PromotableGroup, sources: { id: string; text: string }[], proposal: string): string[] {
  const wordings = new Set(group.clusters?.[0]?.texts.map((entry) => entry.text) ?? [proposal]);
  const matching = sources.filter((source) => wordings.has(source.text));
  return (matching.length > 0 ? matching : sources).map((source) => source.id);
}
