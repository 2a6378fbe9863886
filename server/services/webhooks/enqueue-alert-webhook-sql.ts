// The statements that queue an alert's webhook delivery and its job (enqueue-alert-webhook.ts), as
// text for either runner; the opening and resolving transactions run them.
import { WEBHOOK_MAX_ATTEMPTS, webhookBody, type AlertHandoff, type AlertWebhookAlert, type AlertWebhookEvent } from '../../domain';
import type { SqlStatement } from '../../db/sql-runner';
import type { ServiceContext } from '../context';

/** The job kind that delivers a webhook (server/jobs/job-handlers.ts). */
export const DELIVER_WEBHOOK_JOB = 'webhook.deliver';

/** The two inserts that queue `event` of `alert` (nothing when the tenant has no webhook). */
export function alertWebhookStatements(
  ctx: Pick<ServiceContext, 'now' | 'newId'>,
  alert: AlertWebhookAlert,
  event: AlertWebhookEvent,
  handoff?: AlertHandoff,
): SqlStatement[] {
  const now = ctx.now();
  const deliveryId = ctx.newId('whd');
  const at = now.toISOString();
  return [
    {
      text: `INSERT INTO "webhook_delivery" ("id", "tenantRef", "alertId", "event", "url", "body", "status", "attempts", "nextTryAt", "createdAt")
             SELECT $1, $2, $3, $4, w."url", $5, 'pending', 0, $6::timestamp(3), $6::timestamp(3) FROM "alert_webhook" w WHERE w."tenantRef" = $2
             ON CONFLICT DO NOTHING`,
      params: [deliveryId, alert.tenantRef, alert.id, event, webhookBody(event, alert, now, handoff), at],
    },
    {
      text: `INSERT INTO "job" ("id", "kind", "uniqueKey", "payload", "runAt", "attempts", "maxAttempts", "createdAt")
             SELECT $1, $2, $3, $4::jsonb, $5::timestamp(3), 0, $6, $5::timestamp(3) FROM "alert_webhook" w WHERE w."tenantRef" = $7
               AND NOT EXISTS (SELECT 1 FROM "webhook_delivery" d WHERE d."alertId" = $8 AND d."event" = $9 AND d."id" <> $10)
             ON CONFLICT DO NOTHING`,
      params: [
        ctx.newId('job'),
        DELIVER_WEBHOOK_JOB,
        `webhook:${deliveryId}`,
        JSON.stringify({ deliveryId }),
        at,
        WEBHOOK_MAX_ATTEMPTS,
        alert.tenantRef,
        alert.id,
        event,
        deliveryId,
      ],
    },
  ];
}
