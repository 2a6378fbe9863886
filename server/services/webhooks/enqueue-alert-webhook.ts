// When an alert opens or resolves, queue its delivery to the tenant's webhook, if it has one
// (docs/operations.md "Alert webhooks"). The statements run inside the transaction that opens or
// resolves the alert (the ingest's raw-SQL transaction, alongside its other writes, or a Prisma
// one): the delivery and its job exist exactly when the change does, and an event queued before
// (its (alertId, event) is unique) gets neither a second delivery nor a second job.
import { WEBHOOK_MAX_ATTEMPTS, webhookBody, type AlertHandoff, type AlertWebhookAlert, type AlertWebhookEvent } from '../../domain';
import { prismaSqlRunner, type SqlStatement } from '../../db/sql-runner';
import type { ServiceCall, ServiceContext } from '../context';

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

export interface EnqueueAlertWebhookInput {
  alertId: string;
  event: AlertWebhookEvent;
}

/** For callers on Prisma (resolving an alert): loads the alert and runs the statements in ctx.db. */
export async function enqueueAlertWebhook({ ctx, input }: ServiceCall<EnqueueAlertWebhookInput>): Promise<void> {
  const alert = await ctx.db.alert.findUnique({ where: { id: input.alertId } });
  if (!alert) return;
  const sql = prismaSqlRunner(ctx.db);
  for (const statement of alertWebhookStatements(ctx, alert, input.event)) await sql.query(statement.text, statement.params);
}
