// The pin budget forecast for several facts made always on together (the Facts page's bulk "Always
// on"): like forecastPin for one, over everyone any of them reaches, with every pin applied at once,
// so pins that fit one by one but not together are counted. For `global`, counts only people of the
// tenants the viewer administers.
import type { Viewer } from '../../auth/viewer';
import { administeredTenants, forecastPins, withPin } from '../../domain';
import type { ServiceCall } from '../context';
import { toMemoryRecord } from '../memories/memory-record';
import { offeredWhere } from '../memories/visible-rows';
import { tenantOfScope } from '../scopes/tenant-of-scope';
import { loadScopeGroups, type PeopleGroup } from './load-scope-groups';
import { requireFactAdmin } from './require-fact-admin';

export interface ForecastPinBatchInput {
  viewer: Pick<Viewer, 'grants'>;
  /** The facts to pin, each at a scope the viewer may write (the caller has checked). */
  pins: readonly { scope: string; key: string }[];
}

export interface PinBatchForecast {
  /** People who would carry more always-on facts than their turn holds, after the pins. */
  peopleOver: number;
  /** The same, today. */
  peopleOverNow: number;
}

export async function forecastPinBatch({ ctx, input }: ServiceCall<ForecastPinBatchInput>): Promise<PinBatchForecast> {
  const reach = requireFactAdmin(input.viewer);
  // A group is one organisation and one set of memberships: the same people whichever scope found it.
  const groups = new Map<string, PeopleGroup>();
  for (const scope of new Set(input.pins.map((pin) => pin.scope))) {
    const owner = await tenantOfScope({ ctx, input: { scope } });
    const tenants = owner === null ? administeredTenants(reach) : [owner];
    for (const group of await loadScopeGroups({ ctx, input: { scope, tenants } })) {
      groups.set(JSON.stringify([group.tenantRef, group.memberships]), group);
    }
  }
  const everyone = [...groups.values()];
  if (everyone.length === 0) return { peopleOver: 0, peopleOverNow: 0 };
  const now = ctx.now();
  const scopes = [...new Set(everyone.flatMap((group) => group.scopes))];
  const records = (await ctx.db.agentMemory.findMany({ where: offeredWhere(now, { scope: { in: scopes } }) })).map(toMemoryRecord);
  const pinned = input.pins.reduce((changed, pin) => withPin(changed, { ...pin, pinned: true, updatedAt: now }), records);
  return { peopleOver: forecastPins(pinned, everyone).peopleOver, peopleOverNow: forecastPins(records, everyone).peopleOver };
}
