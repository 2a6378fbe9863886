// Nobody removes the last administrator of a tenant (docs/concepts.md "Roles, custom scopes and
// memberships"): an organisation always keeps someone who can manage its people and access.
import { tenantScope } from './scope-tokens';

export interface HeldGrant {
  userId: string;
  scope: string;
  role: 'admin' | 'operator';
}

export interface LastAdministratorQuestion {
  /** The grants that count: administrators of the tenant who may still sign in. */
  grants: readonly HeldGrant[];
  tenantRef: string;
  userId: string;
}

/** The people holding an admin grant for exactly this tenant. */
export function tenantAdministrators(grants: readonly HeldGrant[], tenantRef: string): Set<string> {
  const scope = tenantScope(tenantRef);
  return new Set(grants.filter((grant) => grant.role === 'admin' && grant.scope === scope).map((grant) => grant.userId));
}

/** True when `userId` administers the tenant and nobody else does. */
export function isLastAdministrator({ grants, tenantRef, userId }: LastAdministratorQuestion): boolean {
  const admins = tenantAdministrators(grants, tenantRef);
  return admins.has(userId) && admins.size === 1;
}
