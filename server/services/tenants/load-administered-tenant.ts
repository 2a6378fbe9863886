// The organisation an administrator manages (its settings, webhooks and custom scopes): one they
// administer. Their own organisation without that authority is refused with NOT_ADMINISTRATOR;
// any other, and one that does not exist, is answered NOT_FOUND (requireTenantAdmin).
import { requireTenantAdmin, type TenantAdminViewer } from '../../auth/require-authority';
import type { Tenant } from '../../db/generated/client';
import { notFound } from '../../errors/domain-error';
import type { ServiceCall } from '../context';

export interface LoadAdministeredTenantInput {
  viewer: TenantAdminViewer;
  tenantRef: string;
}

export async function loadAdministeredTenant({ ctx, input }: ServiceCall<LoadAdministeredTenantInput>): Promise<Tenant> {
  requireTenantAdmin(input.viewer, input.tenantRef, {
    refused: 'Only an administrator of your organisation may manage it. Ask one of its administrators.',
  });
  const tenant = await ctx.db.tenant.findUnique({ where: { ref: input.tenantRef } });
  if (!tenant) throw notFound('That organisation');
  return tenant;
}
