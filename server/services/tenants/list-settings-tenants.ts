// The organisations whose settings the viewer may change (docs/features.md "Tenant settings"):
// every tenant they administer, by name; a global administrator's list holds them all. Someone who
// administers no organisation (only a custom scope) gets an empty list.
import { GLOBAL_SCOPE, scopeKind, scopeRef, TENANT_KIND, tenantScope } from '../../domain';
import { administers, type GrantLike } from '../../auth/administers';
import type { ServiceCall } from '../context';

export interface ListSettingsTenantsInput {
  viewer: { grants: GrantLike[] };
}

export async function listSettingsTenants({ ctx, input }: ServiceCall<ListSettingsTenantsInput>) {
  const { grants } = input.viewer;
  const everything = administers(grants, GLOBAL_SCOPE, null);
  const refs = grants.flatMap((grant) => (scopeKind(grant.scope) === TENANT_KIND ? [scopeRef(grant.scope)!] : []));
  const tenants = await ctx.db.tenant.findMany({
    where: everything ? {} : { ref: { in: refs } },
    orderBy: [{ name: 'asc' }, { ref: 'asc' }],
    select: { ref: true, name: true },
  });
  return tenants.filter((tenant) => administers(grants, tenantScope(tenant.ref), tenant.ref));
}
