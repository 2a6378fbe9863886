// The administers-check (docs/concepts.md "Who may write where"): may this person act as an
// administrator on exactly this scope?
import { GLOBAL_SCOPE, tenantScope } from '../domain';

export interface GrantLike {
  scope: string;
  role: 'admin' | 'operator';
}

/**
 * True when the user holds an admin grant for exactly `scope`, or for the tenant that owns it
 * (`ownerTenantRef`, for custom scopes), or a `global` admin grant.
 */
export function administers(grants: GrantLike[], scope: string, ownerTenantRef: string | null): boolean {
  return grants.some(
    (grant) =>
      grant.role === 'admin' &&
      (grant.scope === GLOBAL_SCOPE ||
        grant.scope === scope ||
        (ownerTenantRef !== null && grant.scope === tenantScope(ownerTenantRef))),
  );
}
