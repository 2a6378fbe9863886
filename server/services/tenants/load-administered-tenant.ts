// An administrator's own organisation: NOT_FOUND for a tenant they do not administer (whether it
// exists or not), FORBIDDEN for people who administer nothing.
import { administers } from '../../auth/administers';
import type { Viewer } from '../../auth/viewer';
import { tenantScope } from '../../domain';
import type { Tenant } from '../../db/generated/client';
import { notFound } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import { requireFactAdmin } from '../facts/require-fact-admin';

export interface LoadAdministeredTenantInput {
  viewer: Pick<Viewer, 'grants'>;
  tenantRef: string;
}

export async function loadAdministeredTenant({ ctx, input }: ServiceCall<LoadAdministeredTenantInput>): Promise<Tenant> {
  requireFactAdmin(input.viewer);
  if (!administers(input.viewer.grants, tenantScope(input.tenantRef), input.tenantRef)) throw notFound('That organisation');
  const tenant = await ctx.db.tenant.findUnique({ where: { ref: input.tenantRef } });
  if (!tenant) throw notFound('That organisation');
  return tenant;
}
