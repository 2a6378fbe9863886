// The scopes an administrator sees facts at, and which of them they may publish at: the form's
// scope choices (with each scope's fact length limit) and the list's scope filter.
import type { Viewer } from '../../auth/viewer';
import { administeredTenants, DEFAULT_MAX_FACT_CHARS, GLOBAL_SCOPE, tenantScope } from '../../domain';
import type { ServiceCall } from '../context';
import { requireFactAdmin } from './require-fact-admin';

export interface ListFactScopesInput {
  viewer: Pick<Viewer, 'grants'>;
}

export async function listFactScopes({ ctx, input }: ServiceCall<ListFactScopesInput>) {
  const reach = requireFactAdmin(input.viewer);
  const tenants = administeredTenants(reach);
  const tenantWhere = tenants === null ? {} : { ref: { in: tenants } };
  const [tenantRows, customRows] = await Promise.all([
    ctx.db.tenant.findMany({ where: tenantWhere, orderBy: { ref: 'asc' }, select: { ref: true, name: true, maxFactChars: true } }),
    ctx.db.scopeDefinition.findMany({
      where: tenants === null ? {} : { OR: [{ tenantRef: { in: tenants } }, { token: { in: reach.adminScopes } }] },
      orderBy: { token: 'asc' },
      select: { token: true, label: true, tenant: { select: { maxFactChars: true } } },
    }),
  ]);
  return [
    { scope: GLOBAL_SCOPE, label: 'Everyone', canWrite: reach.globalAdmin, maxFactChars: DEFAULT_MAX_FACT_CHARS },
    ...tenantRows.map((tenant) => ({
      scope: tenantScope(tenant.ref),
      label: tenant.name,
      canWrite: true,
      maxFactChars: tenant.maxFactChars,
    })),
    ...customRows.map((custom) => ({ scope: custom.token, label: custom.label, canWrite: true, maxFactChars: custom.tenant.maxFactChars })),
  ];
}
