// Sends one queued alert delivery (README "Alert webhooks"), run by the job runner: a signed JSON
// POST with a timeout, redirects not followed, at most 1 kB of the answer kept. Anything but a 2xx
// is a failure: the delivery log shows it and the job is retried with backoff until its attempts
// are used up (server/domain/jobs.ts).
import { SIGNATURE_HEADER, signWebhook, TIMESTAMP_HEADER } from '../../auth/webhook-signature';
import { keptResponse, retryDelayMs, WEBHOOK_RESPONSE_KEEP_CHARS } from '../../domain';
import type { ServiceCall } from '../context';
import type { ClaimedJob } from '../jobs/claim-jobs';

export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface DeliverWebhookInput {
  job: ClaimedJob;
  timeoutMs?: number;
}

async function readStart(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (text.length <= WEBHOOK_RESPONSE_KEEP_CHARS) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel().catch(() => undefined);
  return keptResponse(text);
}

async function post(url: string, headers: Record<string, string>, body: string, timeoutMs: number) {
  try {
    const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    const text = await readStart(response).catch(() => '');
    return { code: response.status, text, error: response.ok ? null : `The receiver answered ${response.status}.` };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return { code: null, text: null, error: timedOut ? `No answer within ${timeoutMs / 1000} s.` : `Could not reach the receiver (${error instanceof Error ? error.message : String(error)}).` };
  }
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
  const result = await post(webhook.url, headers, delivery.body, input.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
  const now = ctx.now();
  const seen = { attempts: job.attempts, lastResponseCode: result.code, lastResponse: result.text, lastError: result.error };
  if (result.error === null) {
    await ctx.db.webhookDelivery.update({ where: { id: delivery.id }, data: { ...seen, status: 'delivered', deliveredAt: now, nextTryAt: null } });
    return;
  }
  const givesUp = job.attempts >= job.maxAttempts;
  const next = givesUp ? null : new Date(now.getTime() + retryDelayMs(job.attempts));
  await ctx.db.webhookDelivery.update({ where: { id: delivery.id }, data: { ...seen, status: givesUp ? 'failed' : 'retrying', nextTryAt: next } });
  throw new Error(result.error);
}
