// Alert webhooks (docs/operations.md "Alert webhooks"): a tenant's administrators set the URL,
// rotate the secret and read the delivery log; the services decide who may.
import { z } from 'zod';
import { WEBHOOK_URL_MAX_CHARS } from '../../domain';
import { deleteAlertWebhook } from '../../services/webhooks/delete-alert-webhook';
import { getAlertWebhook } from '../../services/webhooks/get-alert-webhook';
import { saveAlertWebhook } from '../../services/webhooks/save-alert-webhook';
import { inputString } from '../inputs';
import { protectedProcedure, router } from '../trpc';

const tenantRef = inputString.max(64, 'tenantRef is too long (at most 64 characters)');
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
        url: inputString.trim().min(1, 'url is required').max(WEBHOOK_URL_MAX_CHARS, `url is too long (at most ${WEBHOOK_URL_MAX_CHARS} characters)`),
        rotateSecret: z.boolean().default(false),
        password: inputString.max(1024, 'password is far too long (at most 1024 characters)').optional(),
      }),
    )
    .mutation(({ ctx, input }) => saveAlertWebhook({ ctx: ctx.service, input: { viewer: ctx.viewer, policy: ctx.webhookPolicy, ...input } })),
  // So does removing it: alerts would stop going anywhere.
  delete: protectedProcedure
    .input(z.object({ tenantRef, password: inputString.max(1024, 'password is far too long (at most 1024 characters)').optional() }))
    .mutation(async ({ ctx, input }) => ({ deleted: await deleteAlertWebhook({ ctx: ctx.service, input: { viewer: ctx.viewer, ...input } }) })),
});
