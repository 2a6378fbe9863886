// The statement that stores a batch of raw runtime events (insert-runtime-events.ts), as text for
// the driver's runner.
import type { SqlStatement } from '../../db/sql-runner';
import type { RuntimeEventInput } from './runtime-event-schema';

/** Inserts `events` (a JSON array) zipped with their new `ids` (joined by commas), received at `receivedAt`. */
export function insertRuntimeEventsSql(events: RuntimeEventInput[], receivedAt: Date, ids: string): SqlStatement {
  return {
    text: `INSERT INTO "runtime_event" ("id", "type", "at", "receivedAt", "tenantRef", "runId", "scopes",
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
    params: [JSON.stringify(events), receivedAt.toISOString(), ids],
  };
}
