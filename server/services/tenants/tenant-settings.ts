// An organisation's settings as its administrators see and edit them.
import type { Viewer } from '../../auth/viewer';
import type { ServiceCall } from '../context';
import { loadAdministeredTenant } from './load-administered-tenant';

export interface TenantSettingsInput {
  viewer: Pick<Viewer, 'grants'>;
  tenantRef: string;
}

export async function tenantSettings({ ctx, input }: ServiceCall<TenantSettingsInput>) {
  const tenant = await loadAdministeredTenant({ ctx, input });
  return {
    tenantRef: tenant.ref,
    name: tenant.name,
    maxMemories: tenant.maxMemories,
    maxFactChars: tenant.maxFactChars,
    updatedAt: tenant.updatedAt.toISOString(),
  };
}
