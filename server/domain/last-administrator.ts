// The last-administrator rule (docs/concepts.md "People and access"): a tenant always keeps at
// least one person who administers it. Disabling a person and removing an admin grant both ask
// this one function before they go ahead.
import { tenantScope } from './scope-tokens';

export interface AdministratorGrant {
  userId: string;
  scope: string;
  role: 'admin' | 'operator';
}

export interface LastAdministratorQuestion {
  /** The grants of the tenant's enabled administrators (others are ignored). */
  grants: AdministratorGrant[];
  tenantRef: string;
  /** The person about to lose the tenant's admin grant (removed or disabled). */
  userId: string;
}

/**
 * True when `userId` holds `admin` for `tenant:<tenantRef>` and nobody else in `grants` does:
 * taking it away would leave the tenant without an administrator. A `global` administrator does
 * not count as the tenant's own.
 */
export function isLastAdministrator({ grants, tenantRef, userId }: LastAdministratorQuestion): boolean {
  const scope = tenantScope(tenantRef);
  const holders = new Set(grants.filter((grant) => grant.role === 'admin' && grant.scope === scope).map((grant) => grant.userId));
  return holders.has(userId) && holders.size === 1;
}
