// When an alert opens or resolves, queue its delivery to the tenant's webhook, if it has one
// (README "Alert webhooks"). Call inside the transaction that opens or resolves the alert: the
// delivery and its job exist exactly when the change does, and an alert event is queued once.
import { WEBHOOK_MAX_ATTEMPTS, webhookBody, type AlertWebhookEvent } from '../../domain';
import type { ServiceCall } from '../context';
import { enqueueJob } from '../jobs/enqueue-job';

export const DELIVER_WEBHOOK_JOB = 'webhook.deliver';

export interface EnqueueAlertWebhookInput {
  alertId: string;
  event: AlertWebhookEvent;
}

/** The delivery's id, or null when the tenant has no webhook or this event was queued before. */
export async function enqueueAlertWebhook({ ctx, input }: ServiceCall<EnqueueAlertWebhookInput>): Promise<string | null> {
  const alert = await ctx.db.alert.findUnique({ where: { id: input.alertId } });
  if (!alert) return null;
  const webhook = await ctx.db.alertWebhook.findUnique({ where: { tenantRef: alert.tenantRef }, select: { url: true } });
  if (!webhook) return null;
  const now = ctx.now();
  const id = ctx.newId('whd');
  const added = await ctx.db.webhookDelivery.createMany({
    data: [{ id, tenantRef: alert.tenantRef, alertId: alert.id, event: input.event, url: webhook.url, body: webhookBody(input.event, alert, now), status: 'pending', nextTryAt: now, createdAt: now }],
    skipDuplicates: true,
  });
  if (added.count === 0) return null;
  await enqueueJob({ ctx, input: { kind: DELIVER_WEBHOOK_JOB, uniqueKey: `webhook:${id}`, payload: { deliveryId: id }, maxAttempts: WEBHOOK_MAX_ATTEMPTS } });
  return id;
}
