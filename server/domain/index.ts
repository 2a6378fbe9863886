// The public face of the memory rules; everything outside server/domain imports from here.
export type {
  Author,
  MemoryDigest,
  MemoryRecord,
  Override,
  RenderedBlock,
  RenderedLine,
  RenderedOverride,
  ResolvedEntry,
  Selection,
} from './types';
export {
  ACTOR_KIND,
  GLOBAL_KIND,
  GLOBAL_SCOPE,
  RESERVED_SCOPE_KINDS,
  TENANT_KIND,
  TENANT_REF_MAX_CHARS,
  actorScope,
  describeScope,
  isReservedScopeKind,
  scopeKind,
  scopeRef,
  tenantScope,
} from './scope-tokens';
export type { ScopeAudience, ScopeDescription } from './scope-tokens';
export { DEFAULT_SCOPE_PRECEDENCE, resolveScopes } from './resolve-scopes';
export type { ScopeActor } from './resolve-scopes';
export { applyPrecedence } from './precedence';
export { decideReplace, decideWrite } from './write-verdict';
export type { ReplaceVerdict, WriteDenialReason, WriteRequest, WriteVerdict } from './write-verdict';
export { decideForget, decideRuntimeForget } from './forget-verdict';
export type { ForgetRequest, ForgetVerdict, RuntimeForgetRequest, RuntimeForgetVerdict } from './forget-verdict';
export { DEFAULT_MAX_MEMORIES_PER_PERSON, addsToQuota, decideQuota } from './quota-verdict';
export type { QuotaChange, QuotaRequest, QuotaVerdict } from './quota-verdict';
export { DEFAULT_MAX_FACT_CHARS, KEY_PATTERN, MAX_KEY_CHARS } from './fact-limits';
export { countChars, isSameFactText, normalizeFactText, validateFact } from './validate-fact';
export type { FactError, FactErrorReason, FactVerdict } from './validate-fact';
// The key a person's words give (memory-key.ts) is imported from its own module: exported here, the
// bundler kept it with this index, and My memories' first load carried it (docs/benchmarks.md
// "First-load JavaScript").
export { DEFAULT_MAX_MEMORIES, describeSelection, selectForTurn } from './selection';
export type { SelectionCounts, SelectionOptions } from './selection';
export { BLOCK_CLOSE, BLOCK_OPEN, BLOCK_PREAMBLE, CONCLUDED_HEADING, PARTIAL_NOTICE, STATED_HEADING, renderBlock } from './render-block';
export { byNarrowestThenNewest, byScopeThenKey, compareText, scopeOrder } from './ordering';
export type { ScopeOrder } from './ordering';
export {
  CHAIN_START,
  GENESIS_HASH,
  GLOBAL_AUDIT_CHAIN,
  auditChainOf,
  canonicalAuditLink,
  canonicalJson,
  checkAuditLink,
  describeAuditBreak,
} from './audit-chain';
export type { AuditBreak, AuditJson, AuditLinkContent, ChainCursor, StoredAuditLink } from './audit-chain';
export {
  ACCOUNT_THROTTLE,
  ADDRESS_THROTTLE,
  accountThrottleKey,
  addressThrottleKey,
  combineThrottleVerdicts,
  countAttempt,
  currentCounter,
  decideThrottle,
  signInAccountEmail,
  throttleCounterExpiredBefore,
  uncountAttempt,
} from './sign-in-throttle';
export type { ThrottleCounter, ThrottleLimit, ThrottleVerdict } from './sign-in-throttle';
export {
  SESSION_IDLE_MS,
  SESSION_MAX_AGE_MS,
  SESSION_TOUCH_INTERVAL_MS,
  decideSession,
  sessionExpiresAt,
  RECENT_SIGN_IN_MS,
  signedInRecently,
} from './session-expiry';
export type { SessionState, SessionVerdict } from './session-expiry';
export { MAX_PASSWORD_BYTES, MIN_PASSWORD_CHARS, validateNewPassword } from './password-policy';
export type { PasswordError, PasswordVerdict } from './password-policy';
export { describeDevice } from './device-label';
export { UNDOABLE_ACTIONS, decideUndo, isUndoableAction } from './undo-verdict';
export type { AuditedMemory, UndoRequest, UndoVerdict } from './undo-verdict';
export { csvCell, csvLine } from './csv';
export { decodeAuditCursor, encodeAuditCursor } from './audit-cursor';
export type { AuditPosition } from './audit-cursor';
export { forecastGroup, forecastOrdinary, forecastPins, ordinaryCarried, withPin } from './pin-forecast';
export type {
  DroppedPin,
  ForecastPerson,
  GroupForecast,
  OrdinaryForecast,
  PersonOrdinaryLoss,
  PinForecast,
  ScopeGroup,
} from './pin-forecast';
export { TENANT_SETTING_LIMITS, lowersBudget } from './tenant-settings';
export { MAX_TOKEN_LIFETIME_DAYS, ROTATION_GRACE_MS, retiresAt, rotatedExpiry, tokenStanding } from './token-lifetime';
export type { TokenStanding, TokenTimes } from './token-lifetime';
export {
  OPERATOR_TOKEN_PERMISSIONS,
  TOKEN_PERMISSIONS,
  decideRuntimeFactScope,
  decideTokenGrant,
  grantableTokenPermissions,
} from './token-permissions';
export type { TokenAuthority, TokenGrantVerdict, TokenPermission } from './token-permissions';
export { MINUTE_MS, PROMPT_CHARS_BUCKETS, minuteOf, promptCharsBucket, rollUp } from './runtime-rollup';
export type { Diagnostic, ResolvedDiagnostic, TurnRollup, WriteRollup, WrittenDiagnostic } from './runtime-rollup';
export { CONTENT_FIELDS, EARLIEST_EVENT_AT_MS, MAX_EVENT_CLOCK_SKEW_MS, contentProblems, eventProblems } from './runtime-event-rules';
export type { EventContext, EventFacts, EventProblem } from './runtime-event-rules';
export { MAX_ALERT_SCOPES, PINNED_OMITTED_ALERT_KIND, mergeDropDetail, pinnedDrops } from './pinned-drop-alert';
export type { PinnedDrop, PinnedDropDetail } from './pinned-drop-alert';
export { decidePromotionTarget, describePromotionSourceProblem, promotionSourceProblem } from './promotion-verdict';
export type { PromotionSource, PromotionSourceProblem, PromotionTargetRequest, PromotionTargetVerdict } from './promotion-verdict';
export { mayMerge, wordingMarks } from './merge-guard';
export {
  CLUSTER_SIMILARITY,
  clusterWordings,
  REVIEW_AGES,
  REVIEW_SORTS,
  clusterTexts,
  decodeReviewCursor,
  encodeReviewCursor,
  publishedState,
  reviewAgeCutoff,
  reviewSearchQuery,
  isSnoozed,
  snoozeUntilOf,
  snoozeUntilProblem,
  SNOOZE_MAX_DAYS,
  SNOOZE_PRESETS,
} from './review-queue';
export type {
  PublishedState,
  ReviewAge,
  ReviewCursor,
  ReviewSnooze,
  ReviewSort,
  SnoozePreset,
  TextCluster,
  TextCount,
  WordingRow,
} from './review-queue';
export {
  OPS_BUCKETS_MS,
  OPS_INSTANT_EXAMPLE,
  OPS_MAX_SPAN_MS,
  OPS_RANGE_MS,
  OPS_RANGES,
  bucketSizeFor,
  bucketStarts,
  opsInstantProblem,
  opsRangeProblem,
  opsWindow,
  parseOpsInstant,
} from './ops-window';
export { OPS_GAP_MIN_MS, bucketComplete, bucketStatuses } from './ops-series';
export type { BucketStatus } from './ops-series';
export type { OpsRange, OpsWindow, OpsWindowVerdict } from './ops-window';
export { addHistograms, histogramPercentile } from './histogram-percentile';
export { ALERT_EVENT_KINDS, ALERT_FROM_STATES, ALERT_NOTE_MAX, decideAlertTransition } from './alert-transition';
export type { AlertAction, AlertEventKind, AlertStateName } from './alert-transition';
export { overviewBuckets, overviewSummary } from './ops-overview';
export type { OverviewBucket, OverviewSummary, TurnMinute, WriteMinute } from './ops-overview';
export {
  FINISHED_JOB_KEEP_DAYS,
  RETRY_BASE_MS,
  RETRY_CAP_MS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RESPONSE_KEEP_CHARS,
  WEBHOOK_URL_MAX_CHARS,
  keptResponse,
  quietSince,
  retryDelayMs,
  webhookBody,
  webhookUrlProblem,
} from './jobs';
export type { AlertHandoff, AlertWebhookAlert, AlertWebhookEvent } from './jobs';
export { isLastAdministrator, tenantAdministrators } from './last-administrator';
export type { HeldGrant, LastAdministratorQuestion } from './last-administrator';
export { decideGrantChange } from './grant-change';
export type { GrantChangeRequest, GrantChangeVerdict, GrantRoleName } from './grant-change';
export { CUSTOM_SCOPE_LABEL_MAX, CUSTOM_SCOPE_REF_MAX, customScopeKinds, validateCustomScope, validateScopeLabel } from './custom-scope';
export type { CustomScopeProblem } from './custom-scope';
export { SIGN_IN_LINK_LIFETIME_MS, signInLinkExpiresAt, signInLinkState } from './sign-in-link';
export type { SignInLinkState } from './sign-in-link';
export { classifyIpAddress, hostAddressKind, parseIpv4, parseIpv6, STRICT_WEBHOOK_POLICY, webhookAddressProblem } from './network-address';
export type { AddressKind, WebhookAddressPolicy } from './network-address';
export { describeUnstorableText, hasLoneSurrogate, unstorableTextReason } from './storable-text';
export type { UnstorableTextReason } from './storable-text';
export {
  administeredTenants,
  administers,
  administersAnything,
  administersTenant,
  factAccess,
  operates,
  operatesAnything,
  reachOf,
  reachesAudience,
  reachesOperations,
  reachesOperationsOf,
  tenantAdminVerdict,
  tokenAuthority,
  withinAdministeredReach,
} from './authority';
export type { Audience, FactAccess, GrantLike, Reach, TenantAdminVerdict } from './authority';
export { REFUSAL_REASONS, isRefusalReason } from './refusals';
export type { RefusalReason } from './refusals';
export {
  DEFAULT_REVIEW_INTERVAL_DAYS,
  EXPIRED_KEEP_DAYS,
  LIFE_SETTING_LIMITS,
  MAX_BULK_IDS,
  MAX_EXPIRY_YEARS,
  MAX_TTL_SECONDS,
  MEMORY_STATES,
  MUTED_FACT_PIN_MESSAGE,
  PINNED_FACT_MUTE_MESSAGE,
  STILL_TRUE_MAX_ITEMS,
  STILL_TRUE_MIN_AGE_DAYS,
  countsTowardQuota,
  decideMute,
  decidePin,
  defaultExpiry,
  expiredDeleteBefore,
  isDueForReview,
  isOffered,
  latestExpiry,
  lifeStatus,
  lifetimeExpiry,
  mayAskStillTrue,
  reviewDueAt,
  stateAfterSave,
  stateAt,
  stillTrueQuestions,
  summarizeBulk,
  validateBulkIds,
  validateExpiry,
  validateReviewAt,
} from './memory-life';
export type {
  BulkItemResult,
  BulkOutcome,
  LifeFieldError,
  LifeStatus,
  MemoryState,
  MuteDenial,
  MuteVerdict,
  PinDenial,
  PinVerdict,
} from './memory-life';
export { EVERY_ORGANISATION, compareRoles, describeRole, personStatus } from './person-standing';
export type { PersonStatus, RoleName } from './person-standing';
export { cookieValue, lsnReached, parseLsn, readStep } from './read-routing';
export type { ReadServer, ReadStep, ReadStepInput } from './read-routing';
