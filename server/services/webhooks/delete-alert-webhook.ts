// A tenant's administrators stop sending its alerts anywhere (docs/operations.md "Alert webhooks");
// deliveries already queued are dropped with it. Audited.
import type { Viewer } from '../../auth/viewer';
import { tenantScope } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { recordAudit } from '../audit/record-audit';
import { inTransaction, type ServiceCall } from '../context';
import { loadAdministeredTenant } from '../tenants/load-administered-tenant';

export interface DeleteAlertWebhookInput {
  viewer: Pick<Viewer, 'userId' | 'actorRef' | 'grants'>;
  tenantRef: string;
}

/** Whether there was one to delete. */
export async function deleteAlertWebhook({ ctx, input }: ServiceCall<DeleteAlertWebhookInput, PrismaClient>): Promise<boolean> {
  const { viewer, tenantRef } = input;
  await loadAdministeredTenant({ ctx, input: { viewer, tenantRef } });
  return ctx.db.$transaction(async (tx) => {
    const existing = await tx.alertWebhook.findUnique({ where: { tenantRef } });
    if (!existing) return false;
    await tx.alertWebhook.delete({ where: { tenantRef } });
    await tx.webhookDelivery.updateMany({ where: { tenantRef, status: { in: ['pending', 'retrying'] } }, data: { status: 'cancelled', nextTryAt: null } });
    await recordAudit({
      ctx: inTransaction(ctx, tx),
      input: { userId: viewer.userId, actorRef: viewer.actorRef, action: 'webhook.deleted', scope: tenantScope(tenantRef), tenantRef, memoryId: null, before: { url: existing.url } },
    });
    return true;
  });
}
