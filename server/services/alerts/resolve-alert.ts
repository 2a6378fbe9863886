// Resolves an open or acknowledged alert (README "Alert webhooks"): records who (a person's id, or
// `system` for the quiet-period rule) and why, and queues the tenant's webhook delivery in the
// same transaction. Call inside a transaction.
// Placeholder with the signature the Operations page's version keeps; that version adds the
// authorization check for people.
import type { ServiceCall } from '../context';
import { enqueueAlertWebhook } from '../webhooks/enqueue-alert-webhook';

export interface ResolveAlertInput {
  id: string;
  /** A user id, or 'system'. */
  by: string;
  reason: string;
}

/** Whether it was open (false: already resolved or unknown). */
export async function resolveAlert({ ctx, input }: ServiceCall<ResolveAlertInput>): Promise<boolean> {
  const changed = await ctx.db.alert.updateMany({
    where: { id: input.id, state: { in: ['open', 'acknowledged'] } },
    data: { state: 'resolved', resolvedAt: ctx.now(), resolvedBy: input.by },
  });
  if (changed.count === 0) return false;
  await enqueueAlertWebhook({ ctx, input: { alertId: input.id, event: 'alert.resolved' } });
  return true;
}
