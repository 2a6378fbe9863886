// Before an administrator lowers their organisation's per-turn limit: how many ordinary (not
// always-on) memories its people would no longer carry in a turn, and who loses most. Each person
// is computed with the domain's own rule (pin-forecast.ts `forecastOrdinary`: precedence, then the
// turn's selection) over the records offered to them, read through visible-rows.ts.
import { actorScope, forecastOrdinary, resolveScopes, type MemoryRecord, type OrdinaryForecast } from '../../domain';
import { scopePrecedenceFromEnv } from '../../config/scope-precedence';
import { readRows, type ServiceCall } from '../context';
import { toMemoryRecord } from '../memories/memory-record';
import { offeredWhere } from '../memories/visible-rows';
import { ordinaryPeopleSql, personSchema } from './forecast-ordinary-memories-sql';

/** People computed one by one, those with the most memories of their own first (bounded work). */
export const ORDINARY_PEOPLE_MAX = 2000;
/** People named in the answer; the counts cover everyone computed. */
export const ORDINARY_NAMES_SHOWN = 10;

export interface ForecastOrdinaryMemoriesInput {
  tenantRef: string;
  /** The records offered at the organisation's shared scopes (the pin forecast's). */
  shared: MemoryRecord[];
  before: number;
  after: number;
}

export interface OrdinaryMemoriesForecast extends OrdinaryForecast {
  /** More people than ORDINARY_PEOPLE_MAX: the counts are at least these. */
  partial: boolean;
}

export async function forecastOrdinaryMemories({
  ctx,
  input,
}: ServiceCall<ForecastOrdinaryMemoriesInput>): Promise<OrdinaryMemoriesForecast> {
  const now = ctx.now();
  const rows = await readRows(ctx, ordinaryPeopleSql(input.tenantRef, now, ORDINARY_PEOPLE_MAX + 1), personSchema);
  const people = rows.slice(0, ORDINARY_PEOPLE_MAX);
  const ownScopes = people.map((person) => actorScope(person.actorRef));
  const own = new Map<string, MemoryRecord[]>();
  for (const row of await ctx.db.agentMemory.findMany({ where: offeredWhere(now, { scope: { in: ownScopes } }) })) {
    const record = toMemoryRecord(row);
    const list = own.get(record.scope);
    if (list) list.push(record);
    else own.set(record.scope, [record]);
  }
  const precedence = scopePrecedenceFromEnv();
  const forecast = forecastOrdinary(
    people.map((person) => ({
      name: person.name,
      scopes: resolveScopes({ actorRef: person.actorRef, tenantRef: input.tenantRef, memberships: person.memberships }, precedence),
      records: [...(own.get(actorScope(person.actorRef)) ?? []), ...input.shared],
    })),
    input.before,
    input.after,
    ORDINARY_NAMES_SHOWN,
  );
  return { ...forecast, partial: rows.length > ORDINARY_PEOPLE_MAX };
}
