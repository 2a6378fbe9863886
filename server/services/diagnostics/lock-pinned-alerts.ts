// Prepares, for a batch's turns that dropped pinned policies, the update of each tenant's open
// pinned-policy alert or the opening of one (server/domain/pinned-drop-alert.ts). Call inside the
// ingest transaction: a transaction-scoped advisory lock per tenant, held to the commit, makes
// concurrent batches find each other's alert, so a tenant never gets two open ones.
import { mergeDropDetail, PINNED_OMITTED_ALERT_KIND, type PinnedDrop } from '../../domain';
import { z } from 'zod';
import type { SqlStatement } from '../../db/sql-runner';
import { jsonColumn, queryRows } from '../../db/sql-rows';
import type { SqlCall, SqlContext } from '../context';
import { alertWebhookStatements } from '../webhooks/enqueue-alert-webhook';

/** First key of the two-key advisory lock that serialises one tenant's alert updates (any constant). */
export const ALERT_LOCK = 0x616c7274; // "alrt"

export interface LockPinnedAlertsInput {
  /** In tenant order (pinnedDrops sorts them), so concurrent batches take the locks in one order. */
  drops: PinnedDrop[];
}

const LOCKED_ROW = z.object({ id: z.string().nullable(), detail: jsonColumn(z.unknown()) });
const OPEN_ALERT_ROW = z.object({ id: z.string(), detail: jsonColumn(z.unknown()) });
type OpenAlert = z.output<typeof OPEN_ALERT_ROW>;
const OPEN_ALERT = `"tenantRef" = $1 AND "kind" = $2 AND "state" IN ('open', 'acknowledged')`;

/**
 * Takes the tenant's alert lock and reads its open alert in one round trip. The row lock (FOR
 * UPDATE) returns the latest version of an alert that exists; one that a concurrent batch created
 * after this statement began is invisible to it, so when none is found, a new statement (its
 * snapshot taken with the lock held) looks again.
 */
async function lockOpenAlert(ctx: SqlContext, tenantRef: string): Promise<OpenAlert | undefined> {
  const params = [tenantRef, PINNED_OMITTED_ALERT_KIND];
  // The lock is the preserved side of the join: it is taken whether or not an alert is found.
  const [locked] = await queryRows(
    ctx.sql,
    LOCKED_ROW,
    `SELECT a."id", a."detail" FROM pg_advisory_xact_lock($3::int4, hashtext($1)) AS l
     LEFT JOIN LATERAL (SELECT "id", "detail" FROM "alert" WHERE ${OPEN_ALERT} LIMIT 1 FOR UPDATE) AS a ON true`,
    [...params, ALERT_LOCK],
  );
  if (locked?.id) return { id: locked.id, detail: locked.detail };
  const [open] = await queryRows(ctx.sql, OPEN_ALERT_ROW, `SELECT "id", "detail" FROM "alert" WHERE ${OPEN_ALERT} LIMIT 1`, params);
  return open;
}

/**
 * The alert's history (docs/features.md "Operations"): "opened" once, then one "updated" per batch.
 */
function alertHistoryRow(ctx: SqlContext, alertId: string, kind: 'opened' | 'updated', at: string, note: string | null): SqlStatement {
  return {
    text: `INSERT INTO "alert_event" ("id", "alertId", "kind", "at", "note") VALUES ($1, $2, $3, $4::timestamp(3), $5)`,
    params: [ctx.newId('alv'), alertId, kind, at, note],
  };
}

/**
 * Takes each tenant's alert lock and prepares the update of its open alert, or the opening of one;
 * the caller runs those statements later in the same transaction (alongside the rollup upsert).
 */
export async function lockPinnedAlerts({ ctx, input }: SqlCall<LockPinnedAlertsInput>): Promise<SqlStatement[]> {
  const writes: SqlStatement[] = [];
  for (const drop of input.drops) {
    const first = new Date(drop.firstMs).toISOString();
    const last = new Date(drop.lastMs).toISOString();
    const open = await lockOpenAlert(ctx, drop.tenantRef);
    if (open) {
      writes.push(
        {
          // Dates are compared in SQL: no timestamp is read back into JavaScript.
          text: `UPDATE "alert" SET "occurrences" = "occurrences" + $2, "openedAt" = LEAST("openedAt", $3::timestamp(3)),
                        "lastSeenAt" = GREATEST("lastSeenAt", $4::timestamp(3)), "detail" = $5::jsonb
                 WHERE "id" = $1`,
          params: [open.id, drop.occurrences, first, last, JSON.stringify(mergeDropDetail(open.detail, drop))],
        },
        alertHistoryRow(ctx, open.id, 'updated', last, `${drop.occurrences} more turn(s)`),
      );
      continue;
    }
    const alert = {
      id: ctx.newId('alr'),
      tenantRef: drop.tenantRef,
      kind: PINNED_OMITTED_ALERT_KIND,
      state: 'open',
      openedAt: new Date(drop.firstMs),
      lastSeenAt: new Date(drop.lastMs),
      resolvedAt: null,
      occurrences: drop.occurrences,
      detail: mergeDropDetail(null, drop),
    };
    writes.push(
      {
        text: `INSERT INTO "alert" ("id", "tenantRef", "kind", "openedAt", "lastSeenAt", "occurrences", "detail")
               VALUES ($1, $2, $3, $4::timestamp(3), $5::timestamp(3), $6, $7::jsonb)`,
        params: [alert.id, drop.tenantRef, PINNED_OMITTED_ALERT_KIND, first, last, drop.occurrences, JSON.stringify(alert.detail)],
      },
      alertHistoryRow(ctx, alert.id, 'opened', first, null),
      // A new alert queues its webhook delivery (docs/operations.md "Alert webhooks").
      ...alertWebhookStatements(ctx, alert, 'alert.opened'),
    );
  }
  return writes;
}
