// The shapes of server data as the browser receives them, inferred from the router (tRPC's
// inferRouterOutputs), never imported from server/services: a component sees exactly what crosses
// the wire (dates arrive as ISO strings — see docs/architecture.md "Wire format").
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/api/root';

export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;

/** One page of the memories list, with the totals for the filters and where the next page starts. */
export type MemoryPage = RouterOutputs['memories']['list'];
/** One entry of the memories list. */
export type VisibleMemory = MemoryPage['memories'][number];
/** One open session on the Account page. */
export type SessionSummary = RouterOutputs['account']['sessions'][number];
/** One row of the audit log. */
export type AuditRow = RouterOutputs['audit']['list']['rows'][number];
/** A member's next turn as an administrator previews it. */
export type MemberPreview = RouterOutputs['preview']['member'];
/** One published fact on the Facts page. */
export type PublishedFact = RouterOutputs['facts']['list']['facts'][number];
/** A pin budget forecast (for a pin, or for a lower budget). */
export type BudgetForecast = RouterOutputs['facts']['forecast'] | RouterOutputs['tenants']['forecastBudget'];
/** One API token on the API tokens page (never its secret). */
export type ApiTokenSummary = RouterOutputs['tokens']['list']['tokens'][number];
/** A tenant (or every tenant, ref null) the viewer may create tokens for, with what they may grant. */
export type TokenTenantOption = RouterOutputs['tokens']['list']['tenants'][number];
/** A token just created, with its secret (shown once). */
export type CreatedApiToken = RouterOutputs['tokens']['create'];
export type RotatedApiToken = RouterOutputs['tokens']['rotate'];
/** What the publish dialog offers for one review group's key (targets and the conclusions behind it). */
export type PromotionOptions = RouterOutputs['review']['promotionOptions'];
export type PromotionTarget = PromotionOptions['targets'][number];
export type PromotionSourceOption = PromotionOptions['sources'][number];
/** What a successful publish answers. */
export type PromotionResult = RouterOutputs['review']['promote'];
/** One group of the review queue (review.list). */
export type ReviewGroup = RouterOutputs['review']['list']['groups'][number];
/** A review group with a page of its conclusions (review.detail; `next` continues). */
export type ReviewGroupDetail = RouterOutputs['review']['detail'];
/** The Operations charts' numbers (ops.overview) and one bucket of them. */
export type OpsOverview = RouterOutputs['ops']['overview'];
export type OpsBucket = OpsOverview['buckets'][number];
/** One alert in the Operations list, and one with its history. */
export type AlertSummary = RouterOutputs['alerts']['list'][number];
export type AlertDetail = RouterOutputs['alerts']['detail'];

export type AlertWebhookState = RouterOutputs['webhooks']['get'];
export type WebhookDeliveryRow = AlertWebhookState['deliveries'][number];
/** One person's roles, custom-scope memberships and what may be granted to them ("Roles and groups"). */
export type PersonAccess = RouterOutputs['grants']['list'];
/** An organisation's custom scopes with their members, on the Groups page. */
export type CustomScopeList = RouterOutputs['scopes']['list'];
/** One custom scope on the Groups page. */
export type CustomScopeSummary = CustomScopeList['scopes'][number];
