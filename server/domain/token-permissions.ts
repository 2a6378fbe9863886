// Which permissions an API token may carry, and who may grant them (docs/runtime-api.md "API
// tokens"). A token belongs to one tenant, never to a person; only a metrics:read token may span
// every tenant.
import { ACTOR_KIND, GLOBAL_KIND, scopeKind } from './scope-tokens';

export const TOKEN_PERMISSIONS = ['events:write', 'metrics:read', 'memories:read', 'memories:write', 'facts:write'] as const;
export type TokenPermission = (typeof TOKEN_PERMISSIONS)[number];

/**
 * What an operator may put on a token: sending diagnostics and reading metrics. Reading and writing
 * memories, and publishing facts (`facts:write`), are for the tenant's administrators only.
 */
export const OPERATOR_TOKEN_PERMISSIONS: readonly TokenPermission[] = ['events:write', 'metrics:read'];

/** What the person creating a token holds over its tenant (computed from their grants). */
export interface TokenAuthority {
  /** Administers the token's tenant (or, for an all-tenant token, holds a global admin grant). */
  administers: boolean;
  /** Holds an operator grant at the token's tenant or `global` (for an all-tenant token: `global`). */
  operates: boolean;
}

export type TokenGrantVerdict =
  | { ok: true }
  | { ok: false; reason: 'NOT_OPERATOR_OR_ADMINISTRATOR' | 'PERMISSION_NOT_GRANTABLE' | 'ALL_TENANTS_METRICS_ONLY'; message: string };

/** The permissions `authority` may grant on a token of one tenant (`allTenants`: of every tenant). */
export function grantableTokenPermissions(authority: TokenAuthority, allTenants: boolean): TokenPermission[] {
  if (allTenants) return authority.administers || authority.operates ? ['metrics:read'] : [];
  if (authority.administers) return [...TOKEN_PERMISSIONS];
  return authority.operates ? [...OPERATOR_TOKEN_PERMISSIONS] : [];
}

export function decideTokenGrant(
  authority: TokenAuthority,
  allTenants: boolean,
  permissions: readonly TokenPermission[],
): TokenGrantVerdict {
  const grantable = grantableTokenPermissions(authority, allTenants);
  if (grantable.length === 0) {
    return {
      ok: false,
      reason: 'NOT_OPERATOR_OR_ADMINISTRATOR',
      message: allTenants
        ? 'Only a global operator or administrator may create a token for every tenant.'
        : 'Only operators and administrators of this tenant may create its tokens.',
    };
  }
  const refused = permissions.filter((permission) => !grantable.includes(permission));
  if (refused.length === 0) return { ok: true };
  if (allTenants) {
    return { ok: false, reason: 'ALL_TENANTS_METRICS_ONLY', message: 'A token for every tenant may only read metrics (metrics:read).' };
  }
  return {
    ok: false,
    reason: 'PERMISSION_NOT_GRANTABLE',
    message: `You may grant only ${grantable.join(', ')} on this tenant's tokens; ${refused.join(', ')} needs a tenant administrator.`,
  };
}

/** Where a `facts:write` token may publish: its tenant's own scope and its groups, never a person's scope or `global`. */
export type RuntimeFactScopeVerdict =
  { ok: true } | { ok: false; status: 'invalid'; message: string } | { ok: false; status: 'outside'; message: string };

/**
 * May a `facts:write` token of `tokenTenantRef` change a fact at `scope`, which belongs to
 * `scopeTenantRef` (null: `global`, or a scope that exists nowhere)? Only at its own tenant's scope
 * and that tenant's groups: a person's own scope and `global` are refused whatever the creator's
 * grants (`invalid`), another tenant's scope and an unknown one alike (`outside`). `field` is the
 * request's field the message names.
 */
export function decideRuntimeFactScope(input: {
  field: string;
  scope: string;
  scopeTenantRef: string | null;
  tokenTenantRef: string;
}): RuntimeFactScopeVerdict {
  const { field, scope } = input;
  const kind = scopeKind(scope);
  if (kind === ACTOR_KIND) {
    return {
      ok: false,
      status: 'invalid',
      message: `${field}: ${scope} is one person's own scope; a token publishes facts only at its organisation's scope and its groups.`,
    };
  }
  if (kind === GLOBAL_KIND) {
    return {
      ok: false,
      status: 'invalid',
      message: `${field}: facts for everyone (global) are published by a global administrator on the Facts page, never by a token.`,
    };
  }
  if (input.scopeTenantRef !== input.tokenTenantRef) {
    return { ok: false, status: 'outside', message: `${field}: ${scope} is not a scope of this token's organisation.` };
  }
  return { ok: true };
}
