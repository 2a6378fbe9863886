// The organisations whose settings the viewer may change (docs/features.md "Tenant settings"): every tenant
// they administer, by name; a global administrator's list holds them all. Someone who administers
// no organisation (only a custom scope) gets an empty list.
import { administeredTenants, reachOf, type GrantLike } from '../../domain';
import type { ServiceCall } from '../context';

export interface ListSettingsTenantsInput {
  viewer: { grants: GrantLike[] };
}

export async function listSettingsTenants({ ctx, input }: ServiceCall<ListSettingsTenantsInput>) {
  const refs = administeredTenants(reachOf(input.viewer.grants));
  return ctx.db.tenant.findMany({
    where: refs === null ? {} : { ref: { in: refs } },
    orderBy: [{ name: 'asc' }, { ref: 'asc' }],
    select: { ref: true, name: true },
  });
}
