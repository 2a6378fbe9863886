// Alert webhooks (docs/operations.md "Alert webhooks"): a tenant's administrators set the URL,
// rotate the secret and read the delivery log; the services decide who may.
import { z } from 'zod';
import { WEBHOOK_URL_MAX_CHARS } from '../../domain';
import { deleteAlertWebhook } from '../../services/webhooks/delete-alert-webhook';
import { getAlertWebhook } from '../../services/webhooks/get-alert-webhook';
import { saveAlertWebhook } from '../../services/webhooks/save-alert-webhook';
import { inputText, password, required, tenantRef } from '../inputs';
import { protectedProcedure, router } from '../trpc';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const webhooksRouter = router({
  get: protectedProcedure.input(z.object({ tenantRef })).query(async ({ ctx, input }) => {
    const found = await getAlertWebhook({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } });
    return {
      tenantRef: found.tenantRef,
      webhook: found.webhook ? { url: found.webhook.url, updatedAt: found.webhook.updatedAt.toISOString() } : null,
      deliveries: found.deliveries.map((delivery) => ({
        ...delivery,
        nextTryAt: iso(delivery.nextTryAt),
        createdAt: delivery.createdAt.toISOString(),
        deliveredAt: iso(delivery.deliveredAt),
      })),
    };
  }),
  // Saving asks for a sign-in of the last ten minutes or the password (docs/operations.md
  // "Sessions").
  save: protectedProcedure
    .input(
      z.object({
        tenantRef,
        url: inputText(WEBHOOK_URL_MAX_CHARS).trim().min(1, required),
        rotateSecret: z.boolean().default(false),
        password: password.optional(),
      }),
    )
    .mutation(({ ctx, input }) =>
      saveAlertWebhook({ ctx: ctx.service, input: { viewer: ctx.viewer, policy: ctx.webhookPolicy, ...input } }),
    ),
  // So does removing it: alerts would stop going anywhere.
  delete: protectedProcedure.input(z.object({ tenantRef, password: password.optional() })).mutation(async ({ ctx, input }) => ({
    deleted: await deleteAlertWebhook({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } }),
  })),
});
