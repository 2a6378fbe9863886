// Opens or updates each tenant's pinned-policy alert for a batch's turns that dropped pinned
// policies (server/domain/pinned-drop-alert.ts). Call inside the ingest transaction: a
// transaction-scoped advisory lock per tenant makes concurrent batches find each other's alert,
// so a tenant never gets two open ones.
import { mergeDropDetail, PINNED_OMITTED_ALERT_KIND, type PinnedDrop } from '../../domain';
import type { SqlCall } from '../context';

/** First key of the two-key advisory lock that serialises one tenant's alert updates (any constant). */
export const ALERT_LOCK = 0x616c7274; // "alrt"

export interface RecordPinnedDropsInput {
  /** In tenant order (pinnedDrops sorts them), so concurrent batches take the locks in one order. */
  drops: PinnedDrop[];
}

export async function recordPinnedDrops({ ctx, input }: SqlCall<RecordPinnedDropsInput>): Promise<number> {
  for (const drop of input.drops) {
    await ctx.sql.query(`SELECT 1 AS "locked" FROM pg_advisory_xact_lock($1::int4, hashtext($2))`, [ALERT_LOCK, drop.tenantRef]);
    const first = new Date(drop.firstMs).toISOString();
    const last = new Date(drop.lastMs).toISOString();
    const [open] = await ctx.sql.query<{ id: string; detail: unknown }>(
      `SELECT "id", "detail" FROM "alert" WHERE "tenantRef" = $1 AND "kind" = $2 AND "state" IN ('open', 'acknowledged') LIMIT 1`,
      [drop.tenantRef, PINNED_OMITTED_ALERT_KIND],
    );
    if (open) {
      // Dates are compared in SQL: no timestamp is read back into JavaScript.
      await ctx.sql.query(
        `UPDATE "alert" SET "occurrences" = "occurrences" + $2, "openedAt" = LEAST("openedAt", $3::timestamp(3)),
                "lastSeenAt" = GREATEST("lastSeenAt", $4::timestamp(3)), "detail" = $5::jsonb
         WHERE "id" = $1`,
        [open.id, drop.occurrences, first, last, JSON.stringify(mergeDropDetail(open.detail, drop))],
      );
    } else {
      await ctx.sql.query(
        `INSERT INTO "alert" ("id", "tenantRef", "kind", "openedAt", "lastSeenAt", "occurrences", "detail")
         VALUES ($1, $2, $3, $4::timestamp(3), $5::timestamp(3), $6, $7::jsonb)`,
        [ctx.newId('alr'), drop.tenantRef, PINNED_OMITTED_ALERT_KIND, first, last, drop.occurrences, JSON.stringify(mergeDropDetail(null, drop))],
      );
    }
  }
  return input.drops.length;
}
