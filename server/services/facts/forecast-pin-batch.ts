// How many people facts made always on together would leave over their per-turn limit (the check
// behind every pin, confirm-pin-budget.ts): like forecastPin, over everyone any of them reaches,
// with every pin applied at once, so pins that fit one by one but not together are counted. For
// `global`, counts only people of the tenants the viewer administers. A scope the viewer cannot
// see is not found, as for forecastPin.
import type { Viewer } from '../../auth/viewer';
import { administeredTenants, factAccess, forecastPins, withPin } from '../../domain';
import { DomainError, notFound } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import { toMemoryRecord } from '../memories/memory-record';
import { offeredWhere } from '../memories/visible-rows';
import { tenantOfScope } from '../scopes/tenant-of-scope';
import { loadScopeGroups, type PeopleGroup } from './load-scope-groups';
import { requireFactAdmin } from './require-fact-admin';

export interface ForecastPinBatchInput {
  viewer: Pick<Viewer, 'grants'>;
  /** The facts to pin (one not yet published counts as a new one). */
  pins: readonly { scope: string; key: string }[];
}

export interface PinBatchForecast {
  /** People who would carry more always-on facts than their turn holds, after the pins. */
  peopleOver: number;
}

export async function forecastPinBatch({ ctx, input }: ServiceCall<ForecastPinBatchInput>): Promise<PinBatchForecast> {
  const reach = requireFactAdmin(input.viewer);
  // A group is one organisation and one set of memberships: the same people whichever scope found it.
  const groups = new Map<string, PeopleGroup>();
  for (const scope of new Set(input.pins.map((pin) => pin.scope))) {
    const owner = await tenantOfScope({ ctx, input: { scope } }).catch((error: unknown) => {
      if (error instanceof DomainError && error.code === 'INVALID') throw notFound('That scope');
      throw error;
    });
    if (factAccess(reach, scope, owner) === 'none') throw notFound('That scope');
    const tenants = owner === null ? administeredTenants(reach) : [owner];
    for (const group of await loadScopeGroups({ ctx, input: { scope, tenants } })) {
      groups.set(JSON.stringify([group.tenantRef, group.memberships]), group);
    }
  }
  const everyone = [...groups.values()];
  if (everyone.length === 0) return { peopleOver: 0 };
  const now = ctx.now();
  const scopes = [...new Set(everyone.flatMap((group) => group.scopes))];
  const records = (await ctx.db.agentMemory.findMany({ where: offeredWhere(now, { scope: { in: scopes } }) })).map(toMemoryRecord);
  const pinned = input.pins.reduce((changed, pin) => withPin(changed, { ...pin, pinned: true, updatedAt: now }), records);
  return { peopleOver: forecastPins(pinned, everyone).peopleOver };
}
