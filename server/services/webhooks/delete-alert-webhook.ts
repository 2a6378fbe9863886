// A tenant's administrators stop sending its alerts anywhere (docs/operations.md "Alert webhooks"); deliveries
// already queued are dropped with it. Audited, and like saving it asks for a recent sign-in
// (docs/operations.md "Sessions"): a borrowed session must not silence an organisation's alerts.
import type { Viewer } from '../../auth/viewer';
import { tenantScope } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { requireRecentSignIn } from '../account/require-recent-sign-in';
import { recordAudit } from '../audit/record-audit';
import type { ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';
import { loadAdministeredTenant } from '../tenants/load-administered-tenant';

export interface DeleteAlertWebhookInput {
  viewer: Pick<Viewer, 'userId' | 'actorRef' | 'grants' | 'tenant'> & { sessionId: string };
  tenantRef: string;
  /** The password, when the console asked for it. */
  password?: string;
}

/** Whether there was one to delete. */
export async function deleteAlertWebhook({ ctx, input }: ServiceCall<DeleteAlertWebhookInput, PrismaClient>): Promise<boolean> {
  const { viewer, tenantRef } = input;
  await loadAdministeredTenant({ ctx, input: { viewer, tenantRef } });
  await requireRecentSignIn({ ctx, input: { viewer, password: input.password } });
  return runTransaction({
    ctx,
    input: {
      writer: viewer.userId,
      work: async (txCtx) => {
        const tx = txCtx.db;
        const existing = await tx.alertWebhook.findUnique({ where: { tenantRef } });
        if (!existing) return false;
        await tx.alertWebhook.delete({ where: { tenantRef } });
        await tx.webhookDelivery.updateMany({
          where: { tenantRef, status: { in: ['pending', 'retrying'] } },
          data: { status: 'cancelled', nextTryAt: null },
        });
        recordAudit({
          ctx: txCtx,
          input: {
            userId: viewer.userId,
            actorRef: viewer.actorRef,
            action: 'webhook.deleted',
            scope: tenantScope(tenantRef),
            tenantRef,
            memoryId: null,
            before: { url: existing.url },
          },
        });
        return true;
      },
    },
  });
}
