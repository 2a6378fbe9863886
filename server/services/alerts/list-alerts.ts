// The alerts a person may handle (docs/features.md "Operations"): open and acknowledged first, newest first.
import type { GrantLike } from '../../domain';
import type { AlertStateName } from '../../domain';
import type { ServiceCall } from '../context';
import { operationsTenants } from '../ops/operations-tenants';
import { alertView } from './alert-view';

export interface ListAlertsInput {
  viewer: { grants: GrantLike[] };
  tenantRef?: string;
  state?: AlertStateName;
}

export const ALERT_LIST_LIMIT = 200;

export async function listAlerts({ ctx, input }: ServiceCall<ListAlertsInput>) {
  const tenants = await operationsTenants({ ctx, input });
  const rows = await ctx.db.alert.findMany({
    where: { tenantRef: { in: tenants.refs }, ...(input.state ? { state: input.state } : {}) },
    orderBy: [{ state: 'asc' }, { lastSeenAt: 'desc' }],
    take: ALERT_LIST_LIMIT,
  });
  const names = new Map(tenants.options.map((tenant) => [tenant.ref, tenant.name]));
  return rows.map((row) => ({
    ...alertView(row, names.get(row.tenantRef) ?? row.tenantRef),
    kind: row.kind,
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  }));
}
