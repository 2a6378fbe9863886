// The organisation whose custom scopes are managed: one the viewer administers. Their own
// organisation without that authority is refused with a reason; any other is answered like one
// that does not exist.
import { tenantScope } from '../../domain';
import { administers } from '../../auth/administers';
import { DomainError, notFound } from '../../errors/domain-error';
import type { PeopleViewer } from '../people/person-authority';
import type { ServiceCall } from '../context';

export interface LoadManagedTenantInput {
  viewer: PeopleViewer;
  tenantRef: string;
}

export async function loadManagedTenant({ ctx, input }: ServiceCall<LoadManagedTenantInput>) {
  const { viewer, tenantRef } = input;
  const tenant = await ctx.db.tenant.findUnique({ where: { ref: tenantRef }, select: { ref: true, name: true } });
  if (tenant && administers(viewer.grants, tenantScope(tenant.ref), tenant.ref)) return tenant;
  if (!tenant || tenant.ref !== viewer.tenant.ref) throw notFound('That organisation');
  throw new DomainError('FORBIDDEN', 'Only an administrator of this organisation may manage its scopes.', { reason: 'NO_AUTHORITY' });
}
