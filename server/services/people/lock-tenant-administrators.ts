// Serialises changes that could take away a tenant's last administrator (disabling a person,
// removing an admin grant): each takes this lock on the tenant row in its transaction before it
// reads the administrators, so two such changes cannot both see "someone else is left".
import type { ServiceCall } from '../context';
import { tenantScope, type HeldGrant } from '../../domain';
import { lockTenantNoKeySql } from './people-locks-sql';

export interface LockTenantAdministratorsInput {
  tenantRef: string;
}

/** Locks the tenant row and answers the admin grants of its enabled people at `tenant:<ref>`. */
export async function lockTenantAdministrators({ ctx, input }: ServiceCall<LockTenantAdministratorsInput>): Promise<HeldGrant[]> {
  // NO KEY UPDATE: it serialises these changes without holding up rows that merely refer to the tenant.
  await ctx.db.$queryRaw(lockTenantNoKeySql(input.tenantRef));
  const grants = await ctx.db.grant.findMany({
    where: { scope: tenantScope(input.tenantRef), role: 'admin', user: { disabled: false, system: false } },
    select: { userId: true, scope: true, role: true },
  });
  return grants;
}
