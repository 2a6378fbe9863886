// The upserts of a batch's per-minute totals (upsert-metric-rollups.ts), as text for the driver's
// runner: rows in key order, so that concurrent batches lock them in the same order.
import type { SqlStatement } from '../../db/sql-runner';

/** Adds the turn rollups `rows` (minute as ISO text) to metric_rollup. */
export function turnRollupsUpsertSql(rows: object[]): SqlStatement {
  return {
    text: `INSERT INTO "metric_rollup" AS m ("tenantRef", "minute", "turns", "offered", "omitted", "pinnedOmitted", "turnsPinnedOmitted",
                                        "recalled", "turnsRecalled", "promptChars", "promptCharsMax", "promptCharsBuckets")
      SELECT r."tenantRef", r."minute"::timestamp(3), r."turns", r."offered", r."omitted", r."pinnedOmitted", r."turnsPinnedOmitted",
             r."recalled", r."turnsRecalled", r."promptChars", r."promptCharsMax", ARRAY(SELECT b::int FROM jsonb_array_elements_text(r."promptCharsBuckets") AS b)
      FROM jsonb_to_recordset($1::jsonb) AS r(
        "tenantRef" text, "minute" text, "turns" int, "offered" bigint, "omitted" bigint, "pinnedOmitted" bigint, "turnsPinnedOmitted" int,
        "recalled" bigint, "turnsRecalled" int, "promptChars" bigint, "promptCharsMax" int, "promptCharsBuckets" jsonb)
      ORDER BY r."tenantRef", r."minute"
      ON CONFLICT ("tenantRef", "minute") DO UPDATE SET
        "turns" = m."turns" + EXCLUDED."turns",
        "offered" = m."offered" + EXCLUDED."offered",
        "omitted" = m."omitted" + EXCLUDED."omitted",
        "pinnedOmitted" = m."pinnedOmitted" + EXCLUDED."pinnedOmitted",
        "turnsPinnedOmitted" = m."turnsPinnedOmitted" + EXCLUDED."turnsPinnedOmitted",
        "recalled" = m."recalled" + EXCLUDED."recalled",
        "turnsRecalled" = m."turnsRecalled" + EXCLUDED."turnsRecalled",
        "promptChars" = m."promptChars" + EXCLUDED."promptChars",
        "promptCharsMax" = GREATEST(m."promptCharsMax", EXCLUDED."promptCharsMax"),
        "promptCharsBuckets" = ARRAY(
          SELECT COALESCE(old, 0) + COALESCE(added, 0)
          FROM unnest(m."promptCharsBuckets", EXCLUDED."promptCharsBuckets") WITH ORDINALITY AS b(old, added, position)
          ORDER BY position)`,
    params: [JSON.stringify(rows)],
  };
}

/** Adds the write rollups `rows` (minute as ISO text) to metric_rollup_write. */
export function writeRollupsUpsertSql(rows: object[]): SqlStatement {
  return {
    text: `INSERT INTO "metric_rollup_write" AS w ("tenantRef", "minute", "scopeKind", "writes", "chars")
      SELECT r."tenantRef", r."minute"::timestamp(3), r."scopeKind", r."writes", r."chars"
      FROM jsonb_to_recordset($1::jsonb) AS r("tenantRef" text, "minute" text, "scopeKind" text, "writes" int, "chars" bigint)
      ORDER BY r."tenantRef", r."minute", r."scopeKind"
      ON CONFLICT ("tenantRef", "minute", "scopeKind") DO UPDATE SET
        "writes" = w."writes" + EXCLUDED."writes",
        "chars" = w."chars" + EXCLUDED."chars"`,
    params: [JSON.stringify(rows)],
  };
}
