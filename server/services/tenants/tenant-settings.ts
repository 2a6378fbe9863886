// An organisation's settings as its administrators see and edit them.
import type { Viewer } from '../../auth/viewer';
import type { Tenant } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import { loadAdministeredTenant } from './load-administered-tenant';

export interface TenantSettingsInput {
  viewer: Pick<Viewer, 'grants' | 'tenant'>;
  tenantRef: string;
}

/** The settings as the page shows them; updatedAt is the version a change names. */
export function settingsView(tenant: Tenant) {
  return {
    tenantRef: tenant.ref,
    name: tenant.name,
    maxMemories: tenant.maxMemories,
    maxFactChars: tenant.maxFactChars,
    conclusionLifetimeDays: tenant.conclusionLifetimeDays,
    reviewIntervalDays: tenant.reviewIntervalDays,
    updatedAt: tenant.updatedAt.toISOString(),
  };
}

export async function tenantSettings({ ctx, input }: ServiceCall<TenantSettingsInput>) {
  return settingsView(await loadAdministeredTenant({ ctx, input }));
}
