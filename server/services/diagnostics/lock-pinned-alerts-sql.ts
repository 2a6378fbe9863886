// The statements of the pinned-policy alerts a batch updates or opens (lock-pinned-alerts.ts), as
// text for the driver's runner, and the schemas of their rows.
import { PINNED_OMITTED_ALERT_KIND } from '../../domain';
import { z } from 'zod';
import type { SqlStatement } from '../../db/sql-runner';
import { jsonColumn } from '../../db/sql-rows';

/** The tenant's open alert, if the locking statement found one. */
export const LOCKED_ROW = z.object({ id: z.string().nullable(), detail: jsonColumn(z.unknown()) });
/** The tenant's open alert. */
export const OPEN_ALERT_ROW = z.object({ id: z.string(), detail: jsonColumn(z.unknown()) });
/** An open or acknowledged pinned-policy alert of tenant $1 (kind $2). */
const OPEN_ALERT = `"tenantRef" = $1 AND "kind" = $2 AND "state" IN ('open', 'acknowledged')`;

/**
 * Takes the tenant's advisory lock (`lockKey`, hashtext of the tenant) and locks and reads its open
 * alert. The lock is the preserved side of the join: it is taken whether or not an alert is found.
 */
export function lockOpenAlertSql(tenantRef: string, lockKey: number): SqlStatement {
  return {
    text: `SELECT a."id", a."detail" FROM pg_advisory_xact_lock($3::int4, hashtext($1)) AS l
     LEFT JOIN LATERAL (SELECT "id", "detail" FROM "alert" WHERE ${OPEN_ALERT} LIMIT 1 FOR UPDATE) AS a ON true`,
    params: [tenantRef, PINNED_OMITTED_ALERT_KIND, lockKey],
  };
}

/** Reads the tenant's open alert. */
export function openAlertSql(tenantRef: string): SqlStatement {
  return { text: `SELECT "id", "detail" FROM "alert" WHERE ${OPEN_ALERT} LIMIT 1`, params: [tenantRef, PINNED_OMITTED_ALERT_KIND] };
}

/** Adds a row to an alert's history. */
export function alertEventInsertSql(
  id: string,
  alertId: string,
  kind: 'opened' | 'updated',
  at: string,
  note: string | null,
): SqlStatement {
  return {
    text: `INSERT INTO "alert_event" ("id", "alertId", "kind", "at", "note") VALUES ($1, $2, $3, $4::timestamp(3), $5)`,
    params: [id, alertId, kind, at, note],
  };
}

/** Adds a batch's occurrences to an open alert. Dates are compared in SQL: no timestamp is read back into JavaScript. */
export function alertUpdateSql(id: string, occurrences: number, first: string, last: string, detail: unknown): SqlStatement {
  return {
    text: `UPDATE "alert" SET "occurrences" = "occurrences" + $2, "openedAt" = LEAST("openedAt", $3::timestamp(3)),
                        "lastSeenAt" = GREATEST("lastSeenAt", $4::timestamp(3)), "detail" = $5::jsonb
                 WHERE "id" = $1`,
    params: [id, occurrences, first, last, JSON.stringify(detail)],
  };
}

/** Opens a pinned-policy alert. */
export function alertInsertSql(
  id: string,
  tenantRef: string,
  first: string,
  last: string,
  occurrences: number,
  detail: unknown,
): SqlStatement {
  return {
    text: `INSERT INTO "alert" ("id", "tenantRef", "kind", "openedAt", "lastSeenAt", "occurrences", "detail")
               VALUES ($1, $2, $3, $4::timestamp(3), $5::timestamp(3), $6, $7::jsonb)`,
    params: [id, tenantRef, PINNED_OMITTED_ALERT_KIND, first, last, occurrences, JSON.stringify(detail)],
  };
}
