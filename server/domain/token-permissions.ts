// Which permissions an API token may carry, and who may grant them (docs/runtime-api.md "API
// tokens"). A token belongs to one tenant, never to a person; only a metrics:read token may span
// every tenant.
export const TOKEN_PERMISSIONS = ['events:write', 'metrics:read', 'memories:read', 'memories:write'] as const;
export type TokenPermission = (typeof TOKEN_PERMISSIONS)[number];

/** What an operator may put on a token: sending diagnostics and reading metrics. */
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
