// The alert's forecast (docs/features.md "Operations"): which always-on facts today's pins and
// limits leave out of the turns of the alert's organisation, and for whom, by name. Diagnostics
// carry no keys by design, so this is computed from the facts as they stand now — a forecast, not
// a record of what the runtime dropped.
import { forecastPins, GLOBAL_SCOPE, scopeKind, TENANT_KIND, tenantScope } from '../../domain';
import type { ServiceCall } from '../context';
import { describeForecast } from '../facts/describe-forecast';
import { loadScopeGroups } from '../facts/load-scope-groups';
import { toMemoryRecord } from '../memories/memory-record';
import { offeredWhere } from '../memories/visible-rows';

export interface ForecastAlertPinsInput {
  tenantRef: string;
  tenantName: string;
}

export async function forecastAlertPins({ ctx, input }: ServiceCall<ForecastAlertPinsInput>) {
  const groups = await loadScopeGroups({ ctx, input: { scope: tenantScope(input.tenantRef), tenants: [input.tenantRef] } });
  const scopes = [...new Set(groups.flatMap((group) => group.scopes))];
  const records = (await ctx.db.agentMemory.findMany({ where: offeredWhere(ctx.now(), { scope: { in: scopes } }) })).map(toMemoryRecord);
  const forecast = forecastPins(records, groups);
  const described = await describeForecast({ ctx, input: { records, before: forecast, after: forecast } });
  const custom = await ctx.db.scopeDefinition.findMany({
    where: { token: { in: scopes.filter((scope) => scope !== GLOBAL_SCOPE && scopeKind(scope) !== TENANT_KIND) } },
    select: { token: true, label: true },
  });
  const labels = new Map(custom.map((scope) => [scope.token, scope.label]));
  const labelOf = (scope: string) =>
    scope === GLOBAL_SCOPE
      ? 'Everyone on this console'
      : scope === tenantScope(input.tenantRef)
        ? input.tenantName
        : (labels.get(scope) ?? 'A group of people');
  return {
    people: described.people,
    peopleOver: described.peopleOver,
    groups: described.groups.map((group) => ({
      groups: group.scopes.filter((scope) => scope !== GLOBAL_SCOPE && scope !== tenantScope(input.tenantRef)).map(labelOf),
      people: group.people,
      names: group.names,
      limit: group.maxMemories,
      pinnedKeys: group.pinnedKeys,
      leftOut: group.dropped.map((pin) => ({ key: pin.key, text: pin.text, from: labelOf(pin.scope) })),
    })),
  };
}
