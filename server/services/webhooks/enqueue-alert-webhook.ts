// When an alert opens or resolves, queue its delivery to the tenant's webhook, if it has one
// (docs/operations.md "Alert webhooks"). The statements run inside the transaction that opens or
// resolves the alert (the ingest's raw-SQL transaction, alongside its other writes, or a Prisma
// one): the delivery and its job exist exactly when the change does, and an event queued before
// (its (alertId, event) is unique) gets neither a second delivery nor a second job.
import type { AlertWebhookEvent } from '../../domain';
import { prismaSqlRunner } from '../../db/sql-runner';
import type { ServiceCall } from '../context';
import { alertWebhookStatements } from './enqueue-alert-webhook-sql';

export { DELIVER_WEBHOOK_JOB } from './enqueue-alert-webhook-sql';

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
