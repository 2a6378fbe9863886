// Sends one queued alert delivery (docs/operations.md "Alert webhooks"), run by the job runner: a
// signed JSON POST with a timeout, redirects not followed, at most 1 kB of the answer kept, and
// only to public addresses after DNS (post-webhook.ts). Anything but a 2xx is a failure: the
// delivery log shows it and the job is retried with backoff until its attempts are used up
// (server/domain/jobs.ts).
import { SIGNATURE_HEADER, signWebhook, TIMESTAMP_HEADER } from '../../auth/webhook-signature';
import { retryDelayMs, type WebhookAddressPolicy } from '../../domain';
import type { ServiceCall } from '../context';
import type { ClaimedJob } from '../jobs/claim-jobs';
import { postWebhook, type PostWebhookInput } from './post-webhook';

export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface DeliverWebhookInput {
  job: ClaimedJob;
  /**
   * What the deployment lets webhooks reach (docs/operations.md "Configuration",
   * `WEBHOOK_DEV_ALLOW`).
   */
  policy: WebhookAddressPolicy;
  timeoutMs?: number;
  /** Name resolution, for tests; the system's otherwise. */
  resolve?: PostWebhookInput['resolve'];
}

export async function deliverWebhook({ ctx, input }: ServiceCall<DeliverWebhookInput>): Promise<void> {
  const { job } = input;
  const deliveryId = (job.payload as { deliveryId?: string }).deliveryId ?? '';
  const delivery = await ctx.db.webhookDelivery.findUnique({ where: { id: deliveryId } });
  if (!delivery || delivery.status === 'delivered' || delivery.status === 'cancelled') return;
  const webhook = await ctx.db.alertWebhook.findUnique({ where: { tenantRef: delivery.tenantRef } });
  if (!webhook) {
    await ctx.db.webhookDelivery.update({ where: { id: delivery.id }, data: { status: 'cancelled', nextTryAt: null } });
    return;
  }
  const timestamp = String(Math.floor(ctx.now().getTime() / 1000));
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': 'MemoryConsole-Webhook',
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: signWebhook(webhook.secret, timestamp, delivery.body),
  };
  const result = await postWebhook({
    url: webhook.url,
    headers,
    body: delivery.body,
    timeoutMs: input.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
    policy: input.policy,
    resolve: input.resolve,
  });
  const now = ctx.now();
  const seen = { attempts: job.attempts, lastResponseCode: result.code, lastResponse: result.text, lastError: result.error };
  if (result.error === null) {
    await ctx.db.webhookDelivery.update({
      where: { id: delivery.id },
      data: { ...seen, status: 'delivered', deliveredAt: now, nextTryAt: null },
    });
    return;
  }
  const givesUp = job.attempts >= job.maxAttempts;
  const next = givesUp ? null : new Date(now.getTime() + retryDelayMs(job.attempts));
  await ctx.db.webhookDelivery.update({
    where: { id: delivery.id },
    data: { ...seen, status: givesUp ? 'failed' : 'retrying', nextTryAt: next },
  });
  throw new Error(result.error);
}
