// Who may see and change a published fact (docs/features.md "Published facts"): any administrator
// reads the `global` facts; everything else is read and written only where the administers-check
// says yes.
import { ACTOR_KIND, GLOBAL_SCOPE, scopeKind, tenantScope } from '../domain';
import { administers, type GrantLike } from './administers';

export type FactAccess = 'none' | 'read' | 'write';

/** The access an administrator has to the facts held at `scope` (owned by `ownerTenantRef`). */
export function factAccess(grants: GrantLike[], scope: string, ownerTenantRef: string | null): FactAccess {
  if (scopeKind(scope) === ACTOR_KIND) return 'none';
  if (administers(grants, scope, ownerTenantRef)) return 'write';
  const isAdmin = grants.some((grant) => grant.role === 'admin');
  return scope === GLOBAL_SCOPE && isAdmin ? 'read' : 'none';
}

/** The tenants whose facts and people an administrator sees; null means every tenant (global grant). */
export function administeredTenants(grants: GrantLike[]): string[] | null {
  if (administers(grants, GLOBAL_SCOPE, null)) return null;
  const prefix = tenantScope('');
  return grants
    .filter((grant) => grant.role === 'admin' && grant.scope.startsWith(prefix))
    .map((grant) => grant.scope.slice(prefix.length));
}

/** Custom scopes (`depot:hh`) an administrator holds a grant for directly. */
export function administeredCustomScopes(grants: GrantLike[]): string[] {
  return grants
    .filter((grant) => grant.role === 'admin' && grant.scope !== GLOBAL_SCOPE && !grant.scope.startsWith(tenantScope('')))
    .map((grant) => grant.scope);
}
