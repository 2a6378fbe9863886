// Stores a validated batch of raw runtime events with one INSERT … SELECT over a JSON array (not a
// statement per event). Call inside the ingest transaction. The array is read as `json`, not
// `jsonb`: it is read once, and converting 1,000 events to jsonb first made the statement about
// 40 % slower (README "Runtime diagnostics").
import type { SqlCall } from '../context';
import type { RuntimeEventInput } from './runtime-event-schema';

export interface InsertRuntimeEventsInput {
  events: RuntimeEventInput[];
  receivedAt: Date;
}

export async function insertRuntimeEvents({ ctx, input }: SqlCall<InsertRuntimeEventsInput>): Promise<void> {
  const rows = input.events.map((event) => ({
    id: ctx.newId('evt'),
    type: event.type === 'memory.resolved' ? 'memory_resolved' : 'memory_written',
    at: event.at.toISOString(),
    tenantRef: event.tenantRef,
    runId: event.runId ?? null,
    ...(event.type === 'memory.resolved'
      ? { scopes: event.scopes, offered: event.offered, omitted: event.omitted, pinnedOmitted: event.pinnedOmitted, recalled: event.recalled, promptChars: event.promptChars }
      : { scopes: [], scope: event.scope, chars: event.chars }),
  }));
  await ctx.sql.query(
    `INSERT INTO "runtime_event" ("id", "type", "at", "receivedAt", "tenantRef", "runId", "scopes",
                                  "offered", "omitted", "pinnedOmitted", "recalled", "promptChars", "scope", "chars")
     SELECT e."id", e."type"::"RuntimeEventType", e."at"::timestamp(3), $2::timestamp(3), e."tenantRef", e."runId",
            ARRAY(SELECT json_array_elements_text(e."scopes")),
            e."offered", e."omitted", e."pinnedOmitted", e."recalled", e."promptChars", e."scope", e."chars"
     FROM json_to_recordset($1::json) AS e(
       "id" text, "type" text, "at" text, "tenantRef" text, "runId" text, "scopes" json,
       "offered" int, "omitted" int, "pinnedOmitted" int, "recalled" int, "promptChars" int, "scope" text, "chars" int)`,
    [JSON.stringify(rows), input.receivedAt.toISOString()],
  );
}
