// Opens or updates each tenant's pinned-policy alert for a batch's turns that dropped pinned
// policies (server/domain/pinned-drop-alert.ts). Call inside the ingest transaction: a
// transaction-scoped advisory lock per tenant makes concurrent batches find each other's alert,
// so a tenant never gets two open ones. A new alert queues its webhook delivery (README "Alert
// webhooks").
import { mergeDropDetail, PINNED_OMITTED_ALERT_KIND, type PinnedDrop } from '../../domain';
import type { ServiceCall } from '../context';
import { enqueueAlertWebhook } from '../webhooks/enqueue-alert-webhook';

/** First key of the two-key advisory lock that serialises one tenant's alert updates (any constant). */
export const ALERT_LOCK = 0x616c7274; // "alrt"

export interface RecordPinnedDropsInput {
  drops: PinnedDrop[];
}

export async function recordPinnedDrops({ ctx, input }: ServiceCall<RecordPinnedDropsInput>): Promise<number> {
  for (const drop of input.drops) {
    await ctx.db.$executeRaw`SELECT pg_advisory_xact_lock(${ALERT_LOCK}::int4, hashtext(${drop.tenantRef}))`;
    const first = new Date(drop.firstMs);
    const last = new Date(drop.lastMs);
    const open = await ctx.db.alert.findFirst({
      where: { tenantRef: drop.tenantRef, kind: PINNED_OMITTED_ALERT_KIND, state: { in: ['open', 'acknowledged'] } },
    });
    if (open) {
      await ctx.db.alert.update({
        where: { id: open.id },
        data: {
          occurrences: { increment: drop.occurrences },
          openedAt: first < open.openedAt ? first : open.openedAt,
          lastSeenAt: last > open.lastSeenAt ? last : open.lastSeenAt,
          detail: { ...mergeDropDetail(open.detail, drop) },
        },
      });
    } else {
      const id = ctx.newId('alr');
      await ctx.db.alert.create({
        data: {
          id,
          tenantRef: drop.tenantRef,
          kind: PINNED_OMITTED_ALERT_KIND,
          openedAt: first,
          lastSeenAt: last,
          occurrences: drop.occurrences,
          detail: { ...mergeDropDetail(null, drop) },
        },
      });
      await enqueueAlertWebhook({ ctx, input: { alertId: id, event: 'alert.opened' } });
    }
  }
  return input.drops.length;
}
