// What a person's grants give them over one tenant's API tokens (docs/runtime-api.md "API tokens"):
// the administers-check for the tenant, and an operator grant at the tenant or `global`.
import { GLOBAL_SCOPE, tenantScope, type TokenAuthority } from '../domain';
import { administers, type GrantLike } from './administers';

/** An operator grant at `global`, or at the tenant's scope (`tenantRef` null: only `global` counts). */
export function operates(grants: GrantLike[], tenantRef: string | null): boolean {
  return grants.some(
    (grant) => grant.role === 'operator' && (grant.scope === GLOBAL_SCOPE || (tenantRef !== null && grant.scope === tenantScope(tenantRef))),
  );
}

/** `tenantRef` null stands for a token of every tenant, which only global grants reach. */
export function tokenAuthority(grants: GrantLike[], tenantRef: string | null): TokenAuthority {
  return {
    administers: tenantRef === null ? administers(grants, GLOBAL_SCOPE, null) : administers(grants, tenantScope(tenantRef), tenantRef),
    operates: operates(grants, tenantRef),
  };
}
