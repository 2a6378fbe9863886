'use client';
// The data behind the publish dialogs: what a key may be published as, and the publish itself.
// A publish changes what people see everywhere (their memories, the review queue, the facts), so a
// success refreshes every query on the page.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/trpc/client';
import type { PromotableGroup } from './promote-proposal';

export type { PromotableGroup } from './promote-proposal';

export function usePromotionOptions(group: PromotableGroup) {
  const trpc = useTRPC();
  return useQuery(trpc.review.promotionOptions.queryOptions({ key: group.key, tenantRef: group.tenantRef }));
}

export function usePromote() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(trpc.review.promote.mutationOptions({ onSuccess: () => queryClient.invalidateQueries() }));
}

/**
 * Who a fact for `key` at `scope` reaches — people and organisations — and, when it is always on,
 * the pin forecast: the Facts page's own forecast (facts.forecast), asked for the place chosen.
 */
export function usePublishReach(scope: string, key: string, pinned: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.facts.forecast.queryOptions({ scope, key, pinned }), enabled: scope !== '' });
}
