// The statement that resolves an alert and appends its history row at once (resolve-alert.ts).
import { Prisma } from '../../db/generated/client';

export interface ResolveAlertSqlInput {
  id: string;
  by: string | null;
  reason: string;
  at: Date;
  kind: 'resolved' | 'auto_resolved';
  /** The id of the history row. */
  eventId: string;
}

/** Resolves alert `id` if it is open or acknowledged and records `kind` in its history (1 row changed, or 0). */
export function resolveAlertSql({ id, by, reason, at, kind, eventId }: ResolveAlertSqlInput): Prisma.Sql {
  return Prisma.sql`
    WITH changed AS (
      UPDATE "alert" SET "state" = 'resolved', "resolvedAt" = ${at}, "resolvedBy" = ${by}
      WHERE "id" = ${id} AND "state" IN ('open', 'acknowledged')
      RETURNING "id"
    )
    INSERT INTO "alert_event" ("id", "alertId", "kind", "at", "userId", "note")
    SELECT ${eventId}, "id", ${kind}, ${at}, ${by}, ${reason} FROM changed`;
}
