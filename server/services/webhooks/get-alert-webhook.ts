// What a tenant's administrators see of its alert webhook (docs/operations.md "Alert webhooks"):
// the URL (never the secret) and the latest deliveries with their status, attempts, last response
// and next try.
import type { Viewer } from '../../auth/viewer';
import type { ServiceCall } from '../context';
import { loadAdministeredTenant } from '../tenants/load-administered-tenant';

export const DELIVERY_LOG_SIZE = 20;

export interface GetAlertWebhookInput {
  viewer: Pick<Viewer, 'grants' | 'tenant'>;
  tenantRef: string;
}

export async function getAlertWebhook({ ctx, input }: ServiceCall<GetAlertWebhookInput>) {
  await loadAdministeredTenant({ ctx, input });
  const webhook = await ctx.db.alertWebhook.findUnique({ where: { tenantRef: input.tenantRef }, select: { url: true, updatedAt: true } });
  const deliveries = await ctx.db.webhookDelivery.findMany({
    where: { tenantRef: input.tenantRef },
    orderBy: { createdAt: 'desc' },
    take: DELIVERY_LOG_SIZE,
    select: {
      id: true,
      alertId: true,
      event: true,
      status: true,
      attempts: true,
      lastResponseCode: true,
      lastError: true,
      nextTryAt: true,
      createdAt: true,
      deliveredAt: true,
    },
  });
  return { tenantRef: input.tenantRef, webhook, deliveries };
}
