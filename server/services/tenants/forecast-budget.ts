// Before an administrator changes their organisation's per-turn limit: how many of its people would
// then carry more always-on keys than fit in one turn (the same forecast as for a pin), and, when
// the limit goes down, how many ordinary memories each would no longer carry (`ordinary`; null when
// it does not go down).
import type { Viewer } from '../../auth/viewer';
import { forecastPins, tenantScope } from '../../domain';
import type { ServiceCall } from '../context';
import { describeForecast } from '../facts/describe-forecast';
import { loadScopeGroups } from '../facts/load-scope-groups';
import { toMemoryRecord } from '../memories/memory-record';
import { offeredWhere } from '../memories/visible-rows';
import { forecastOrdinaryMemories } from './forecast-ordinary-memories';
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
  const ordinary =
    input.maxMemories < tenant.maxMemories
      ? await forecastOrdinaryMemories({
          ctx,
          input: { tenantRef: tenant.ref, shared: records, before: tenant.maxMemories, after: input.maxMemories },
        })
      : null;
  return { tenantRef: tenant.ref, maxMemories: input.maxMemories, ...forecast, ordinary };
}
