// The shapes of server data as the browser receives them, inferred from the router (tRPC's
// inferRouterOutputs), never imported from server/services: a component sees exactly what crosses
// the wire (dates arrive as ISO strings — see docs/architecture.md "Wire format").
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/api/root';

export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;

/** One entry of the memories list. */
export type VisibleMemory = RouterOutputs['memories']['list'][number];
/** One open session on the Account page. */
export type SessionSummary = RouterOutputs['account']['sessions'][number];
/** One group of the review queue (review.list). */
export type ReviewGroup = RouterOutputs['review']['list']['groups'][number];
/** A review group with every conclusion in it (review.detail). */
export type ReviewGroupDetail = RouterOutputs['review']['detail'];
