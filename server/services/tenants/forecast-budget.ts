// Before an administrator lowers their organisation's budget: how many of its people would then
// carry more always-on keys than fit in one turn (the same forecast as for a pin).
import type { Viewer } from '../../auth/viewer';
import { forecastPins, tenantScope } from '../../domain';
import type { ServiceCall } from '../context';
import { describeForecast } from '../facts/describe-forecast';
import { loadScopeGroups } from '../facts/load-scope-groups';
import { toMemoryRecord } from '../memories/memory-record';
import { offeredWhere } from '../memories/visible-rows';
import { loadAdministeredTenant } from './load-administered-tenant';

export interface ForecastBudgetInput {
  viewer: Pick<Viewer, 'grants' | 'tenant'>;
  tenantRef: string;
  maxMemories: number;
}

export async function forecastBudget({ ctx, input }: ServiceCall<ForecastBudgetInput>) {
  const tenant = await loadAdministeredTenant({ ctx, input });
  const now = await loadScopeGroups({ ctx, input: { scope: tenantScope(tenant.ref), tenants: [tenant.ref] } });
  const proposed = now.map((group) => ({ ...group, maxMemories: input.maxMemories }));
  const scopes = [...new Set(now.flatMap((group) => group.scopes))];
  const records = (await ctx.db.agentMemory.findMany({ where: offeredWhere(ctx.now(), { scope: { in: scopes } }) })).map(toMemoryRecord);
  const forecast = await describeForecast({
    ctx,
    input: { records, before: forecastPins(records, now), after: forecastPins(records, proposed) },
  });
  return { tenantRef: tenant.ref, maxMemories: input.maxMemories, ...forecast };
}
