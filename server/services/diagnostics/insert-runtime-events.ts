// Stores a validated batch of raw runtime events with one INSERT … SELECT over a JSON array (not a
// statement per event). Call inside the ingest transaction. The array is the validated events
// themselves (their fields are the columns; `at` serialises as its ISO string), zipped row by row
// with their new ids (ROWS FROM), so no row is rebuilt in JavaScript. It is read as `json`, not
// `jsonb`: it is read once, and converting 1,000 events to jsonb first made the statement about
// 40 % slower (docs/runtime-api.md "How a batch is stored quickly").
// What arrived is stored as it came: `scopes` as a list, or NULL when the runtime reported only a
// count (kept in `scopeCount`); `recalled` as a count, or NULL when it reported whether the turn
// recalled anything (the boolean is kept in the rollups, upsert-metric-rollups.ts). An envelope's
// `lib`, `v` (as `envelopeVersion`) and `traceId` are kept too; NULL for the flat shape.
import type { SqlCall } from '../context';
import { insertRuntimeEventsSql } from './insert-runtime-events-sql';
import type { RuntimeEventInput } from './runtime-event-schema';

export interface InsertRuntimeEventsInput {
  events: RuntimeEventInput[];
  receivedAt: Date;
}

export async function insertRuntimeEvents({ ctx, input }: SqlCall<InsertRuntimeEventsInput>): Promise<void> {
  // Ids are letters, digits and '_' (server/ids.ts), so joined by commas they need no escaping.
  const ids = input.events.map(() => ctx.newId('evt')).join(',');
  const insert = insertRuntimeEventsSql(input.events, input.receivedAt, ids);
  await ctx.sql.query(insert.text, insert.params);
}
