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
