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
import type { RuntimeEventInput } from './runtime-event-schema';

export interface InsertRuntimeEventsInput {
  events: RuntimeEventInput[];
  receivedAt: Date;
}

export async function insertRuntimeEvents({ ctx, input }: SqlCall<InsertRuntimeEventsInput>): Promise<void> {
  // Ids are letters, digits and '_' (server/ids.ts), so joined by commas they need no escaping.
  const ids = input.events.map(() => ctx.newId('evt')).join(',');
  await ctx.sql.query(
    `INSERT INTO "runtime_event" ("id", "type", "at", "receivedAt", "tenantRef", "runId", "scopes",
                                  "offered", "omitted", "pinnedOmitted", "recalled", "promptChars", "scope", "chars",
                                  "lib", "envelopeVersion", "traceId", "scopeCount")
     SELECT e."id", (CASE e."type" WHEN 'memory.resolved' THEN 'memory_resolved' ELSE 'memory_written' END)::"RuntimeEventType",
            e."at"::timestamp(3), $2::timestamp(3), e."tenantRef", e."runId",
            CASE WHEN json_typeof(e."scopes") = 'array' THEN ARRAY(SELECT json_array_elements_text(e."scopes")) END,
            e."offered", e."omitted", e."pinnedOmitted",
            CASE WHEN json_typeof(e."recalled") = 'number' THEN (e."recalled"::text)::int END,
            e."promptChars", e."scope", e."chars",
            e."lib", e."v", e."traceId",
            CASE WHEN json_typeof(e."scopes") = 'number' THEN (e."scopes"::text)::int END
     FROM ROWS FROM (
       json_to_recordset($1::json) AS (
         "type" text, "at" text, "tenantRef" text, "runId" text, "scopes" json,
         "offered" int, "omitted" int, "pinnedOmitted" int, "recalled" json, "promptChars" int, "scope" text, "chars" int,
         "lib" text, "v" int, "traceId" text),
       unnest(string_to_array($3::text, ','))
     ) AS e("type", "at", "tenantRef", "runId", "scopes", "offered", "omitted", "pinnedOmitted", "recalled", "promptChars", "scope", "chars",
            "lib", "v", "traceId", "id")`,
    [JSON.stringify(input.events), input.receivedAt.toISOString(), ids],
  );
}
