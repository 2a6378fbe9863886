// The pin budget forecast for one fact (docs/features.md "Published facts"): if (scope, key) were pinned
// (or unpinned), how many of the people it applies to would carry more always-on keys than their
// turn holds, and how many people in how many organisations the fact reaches. For `global`, counts
// only people of the tenants the viewer administers.
import type { Viewer } from '../../auth/viewer';
import { administeredTenants, factAccess, forecastPins, withPin } from '../../domain';
import { DomainError, notFound } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import { toMemoryRecord } from '../memories/memory-record';
import { offeredWhere } from '../memories/visible-rows';
import { tenantOfScope } from '../scopes/tenant-of-scope';
import { describeForecast } from './describe-forecast';
import { loadScopeGroups } from './load-scope-groups';
import { requireFactAdmin } from './require-fact-admin';

export interface ForecastPinInput {
  viewer: Pick<Viewer, 'grants'>;
  scope: string;
  key: string;
  /** The pin being forecast; true unless unpinning. */
  pinned?: boolean;
}

export async function forecastPin({ ctx, input }: ServiceCall<ForecastPinInput>) {
  const { viewer, scope, key } = input;
  const reach = requireFactAdmin(viewer);
  const owner = await tenantOfScope({ ctx, input: { scope } }).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'INVALID') throw notFound('That scope');
    throw error;
  });
  if (factAccess(reach, scope, owner) === 'none') throw notFound('That scope');

  // A tenant or custom scope's people are all its owner's; for `global`, only the administered tenants.
  const tenants = owner === null ? administeredTenants(reach) : [owner];
  const groups = await loadScopeGroups({ ctx, input: { scope, tenants } });
  const scopes = [...new Set(groups.flatMap((group) => group.scopes))];
  const rows = await ctx.db.agentMemory.findMany({ where: offeredWhere(ctx.now(), { scope: { in: scopes } }) });
  const records = rows.map(toMemoryRecord);
  const changed = withPin(records, { scope, key, pinned: input.pinned ?? true, updatedAt: ctx.now() });
  const forecast = await describeForecast({
    ctx,
    input: { records, before: forecastPins(records, groups), after: forecastPins(changed, groups) },
  });
  // The reach of a fact at this scope: its people (forecast.people) in how many organisations.
  const organisations = new Set(groups.map((group) => group.tenantRef)).size;
  return { scope, key, pinned: input.pinned ?? true, organisations, ...forecast };
}
