// Turns a pin budget forecast into what an administrator reads: how many people lose always-on
// policies before and after the change, and for each group over the budget the pins that do not
// fit and the first few people by name.
import type { MemoryRecord, PinForecast } from '../../domain';
import { readRows, type ServiceCall } from '../context';
import { groupNamesSql, NAME_ROW } from './describe-forecast-sql';
import type { PeopleGroup } from './load-scope-groups';

export interface DescribeForecastInput {
  records: MemoryRecord[];
  before: PinForecast<PeopleGroup>;
  after: PinForecast<PeopleGroup>;
}

/** Groups and names shown; the counts always cover everyone. */
const GROUPS_SHOWN = 10;
const NAMES_SHOWN = 10;

export async function describeForecast({ ctx, input }: ServiceCall<DescribeForecastInput>) {
  const texts = new Map(input.records.map((record) => [record.id, record.text]));
  const groups = await Promise.all(
    input.after.groups.slice(0, GROUPS_SHOWN).map(async (group) => {
      const named = await readRows(ctx, groupNamesSql(group.tenantRef, group.memberships, NAMES_SHOWN), NAME_ROW);
      return {
        tenantRef: group.tenantRef,
        scopes: group.scopes,
        people: group.people,
        maxMemories: group.maxMemories,
        pinnedKeys: group.pinnedKeys,
        pinnedOmitted: group.pinnedOmitted,
        dropped: group.dropped.map((pin) => ({ ...pin, text: texts.get(pin.id) ?? '' })),
        // Any few of the group (no ORDER BY, so the query stops at the first matches), sorted here.
        names: named.map((row) => row.name).sort((a, b) => a.localeCompare(b)),
      };
    }),
  );
  return {
    people: input.after.people,
    peopleOver: input.after.peopleOver,
    peopleOverNow: input.before.peopleOver,
    groups,
  };
}
