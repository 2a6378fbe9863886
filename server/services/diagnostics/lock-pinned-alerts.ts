// Prepares, for a batch's turns that dropped pinned policies, the update of each tenant's open
// pinned-policy alert or the opening of one (server/domain/pinned-drop-alert.ts). Call inside the
// ingest transaction: a transaction-scoped advisory lock per tenant, held to the commit, makes
// concurrent batches find each other's alert, so a tenant never gets two open ones.
import { mergeDropDetail, PINNED_OMITTED_ALERT_KIND, type PinnedDrop } from '../../domain';
import type { z } from 'zod';
import type { SqlStatement } from '../../db/sql-runner';
import { queryRows } from '../../db/sql-rows';
import type { SqlCall, SqlContext } from '../context';
import {
  alertEventInsertSql,
  alertInsertSql,
  alertUpdateSql,
  LOCKED_ROW,
  lockOpenAlertSql,
  OPEN_ALERT_ROW,
  openAlertSql,
} from './lock-pinned-alerts-sql';
import { alertWebhookStatements } from '../webhooks/enqueue-alert-webhook-sql';

/** First key of the two-key advisory lock that serialises one tenant's alert updates (any constant). */
export const ALERT_LOCK = 0x616c7274; // "alrt"

export interface LockPinnedAlertsInput {
  /** In tenant order (pinnedDrops sorts them), so concurrent batches take the locks in one order. */
  drops: PinnedDrop[];
}

type OpenAlert = z.output<typeof OPEN_ALERT_ROW>;

/**
 * Takes the tenant's alert lock and reads its open alert in one round trip. The row lock (FOR
 * UPDATE) returns the latest version of an alert that exists; one that a concurrent batch created
 * after this statement began is invisible to it, so when none is found, a new statement (its
 * snapshot taken with the lock held) looks again.
 */
async function lockOpenAlert(ctx: SqlContext, tenantRef: string): Promise<OpenAlert | undefined> {
  const lock = lockOpenAlertSql(tenantRef, ALERT_LOCK);
  const [locked] = await queryRows(ctx.sql, LOCKED_ROW, lock.text, lock.params);
  if (locked?.id) return { id: locked.id, detail: locked.detail };
  const look = openAlertSql(tenantRef);
  const [open] = await queryRows(ctx.sql, OPEN_ALERT_ROW, look.text, look.params);
  return open;
}

/**
 * The alert's history (docs/features.md "Operations"): "opened" once, then one "updated" per batch.
 */
function alertHistoryRow(ctx: SqlContext, alertId: string, kind: 'opened' | 'updated', at: string, note: string | null): SqlStatement {
  return alertEventInsertSql(ctx.newId('alv'), alertId, kind, at, note);
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
        alertUpdateSql(open.id, drop.occurrences, first, last, mergeDropDetail(open.detail, drop)),
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
      alertInsertSql(alert.id, drop.tenantRef, first, last, drop.occurrences, alert.detail),
      alertHistoryRow(ctx, alert.id, 'opened', first, null),
      // A new alert queues its webhook delivery (docs/operations.md "Alert webhooks").
      ...alertWebhookStatements(ctx, alert, 'alert.opened'),
    );
  }
  return writes;
}
