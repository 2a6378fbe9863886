// Every machine-readable reason a refusal carries: `DomainError.details.reason` in the services,
// `data.domain.reason` of a tRPC error, `error.reason` of a REST error. One spelling per meaning,
// and only these (the type of the field is this union, so a new spelling does not compile): a
// client branches on them, so renaming one is a change of the API. How to add one:
// docs/architecture.md "How to add…"; what the console says for each: components/trpc/refusal-words.ts.
export const REFUSAL_REASONS = [
  // Authority (server/domain/authority.ts).
  /** The action needs an admin grant the person does not hold: for the scope, the organisation, or anywhere. */
  'NOT_ADMINISTRATOR',
  /** Acting at `global` (its facts, its roles, publishing for everyone) needs a global admin grant. */
  'NEEDS_GLOBAL_GRANT',
  /** Operations and API tokens need an operator or administrator grant for the tenant. */
  'NOT_OPERATOR_OR_ADMINISTRATOR',
  /** A token permission the person may not grant (an operator: only events:write and metrics:read). */
  'PERMISSION_NOT_GRANTABLE',
  /** A token of every tenant may only read metrics. */
  'ALL_TENANTS_METRICS_ONLY',
  /** A token of every tenant reads no memories. */
  'TOKEN_NOT_TENANT_BOUND',
  /** A scope outside the token's organisation. */
  'SCOPE_OUTSIDE_TENANT',
  /** A person outside the token's organisation. */
  'ACTOR_OUTSIDE_TENANT',

  // People, roles and custom scopes.
  'UNKNOWN_PERSON',
  'UNKNOWN_SCOPE',
  /** A role at a scope of another organisation than the person's. */
  'OTHER_TENANT_SCOPE',
  /** `operator` is given for a whole organisation or `global` only. */
  'OPERATOR_ONLY_FOR_TENANT',
  /** The change would leave an organisation without an administrator. */
  'LAST_ADMINISTRATOR',
  /** An administrator may not disable their own account. */
  'SELF',
  /** A disabled account gets no password-reset link. */
  'DISABLED',
  /** The person signs in with single sign-on and has no password here. */
  'NO_PASSWORD',
  'SCOPE_TAKEN',
  'SCOPE_HOLDS_MEMORIES',

  // Memories and facts (server/domain/write-verdict.ts, forget-verdict.ts, quota-verdict.ts).
  /** A scope that does not apply to the writer. */
  'SCOPE_NOT_APPLICABLE',
  /** The assistant writes only at the scope of the person it runs for. */
  'AGENT_ABOVE_OWN_SCOPE',
  /** Another person's own scope. */
  'ANOTHER_PERSONS_SCOPE',
  /** A memory held for a group, an organisation or everyone, not for the person alone. */
  'HELD_AT_WIDER_SCOPE',
  /** The assistant forgets only its own conclusions, never what the person stated. */
  'PERSONS_OWN_STATEMENT',
  /** The assistant never replaces what the person stated. */
  'REPLACES_OWN_STATEMENT',
  'QUOTA_EXCEEDED',
  /** A derived key already holds one of the person's memories. */
  'KEY_TAKEN',
  /** One person's own scope: no place to publish for, and not kept in the audit log to undo. */
  'PERSONAL_SCOPE',
  /** Pinning would leave people's always-on facts over their organisation's budget (confirm to go ahead). */
  'PIN_OVER_BUDGET',
  /** A pinned fact is always on: it is unpinned before it can be muted (server/domain/memory-life.ts). */
  'PINNED_FACT',
  /** A muted fact is never offered: it is restored before it can be pinned (server/domain/memory-life.ts). */
  'MUTED_FACT',

  // Undo (server/domain/undo-verdict.ts).
  'NOT_A_RECORD_CHANGE',
  'CHANGED_SINCE',
  'DELETED_SINCE',
  'RECREATED_SINCE',

  // Sessions and sign-in links.
  /** A sensitive change needs the password again (docs/operations.md "Sessions"). */
  'REAUTH_REQUIRED',
  'REAUTH_FAILED',
  /** A password confirmation cannot help (single sign-on): sign in again. */
  'REAUTH_SIGN_IN_AGAIN',
  /** The person acting was disabled or signed out while their change was under way. */
  'WRITER_INACTIVE',
  'LINK_USED',
  'LINK_EXPIRED',
  'LINK_UNKNOWN',

  // API tokens (server/services/tokens).
  /** The token was rotated already: its replacement is the one to rotate. */
  'TOKEN_ALREADY_ROTATED',
  /** A revoked or expired token cannot be rotated. */
  'TOKEN_INACTIVE',
] as const;

export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export function isRefusalReason(value: unknown): value is RefusalReason {
  return typeof value === 'string' && (REFUSAL_REASONS as readonly string[]).includes(value);
}
