// A tenant's administrators set where its alerts are sent (docs/operations.md "Alert webhooks"):
// creating the webhook or rotating its secret returns the new secret once; changing the URL keeps
// the secret. Asks for the password when the sign-in is old (docs/operations.md "Sessions");
// audited without the secret.
import type { Viewer } from '../../auth/viewer';
import { newWebhookSecret } from '../../auth/webhook-signature';
import { tenantScope, webhookUrlProblem, type WebhookAddressPolicy } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { DomainError } from '../../errors/domain-error';
import { requireRecentSignIn } from '../account/require-recent-sign-in';
import { recordAudit } from '../audit/record-audit';
import type { ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';
import { loadAdministeredTenant } from '../tenants/load-administered-tenant';

export interface SaveAlertWebhookInput {
  viewer: Pick<Viewer, 'userId' | 'actorRef' | 'grants' | 'tenant'> & { sessionId: string };
  tenantRef: string;
  url: string;
  /**
   * What the deployment lets webhooks reach (docs/operations.md "Configuration",
   * `WEBHOOK_DEV_ALLOW`).
   */
  policy: WebhookAddressPolicy;
  /** Make a new secret (the old one stops working at once). A new webhook always gets one. */
  rotateSecret: boolean;
  password?: string;
}

export interface SavedAlertWebhook {
  tenantRef: string;
  url: string;
  /** Only when created or rotated: shown once. */
  secret: string | null;
}

export async function saveAlertWebhook({ ctx, input }: ServiceCall<SaveAlertWebhookInput, PrismaClient>): Promise<SavedAlertWebhook> {
  const { viewer, tenantRef } = input;
  await loadAdministeredTenant({ ctx, input: { viewer, tenantRef } });
  const problem = webhookUrlProblem(input.url, input.policy);
  if (problem) throw new DomainError('INVALID', problem, { fieldErrors: [{ field: 'url', message: problem }] });
  await requireRecentSignIn({ ctx, input: { viewer, password: input.password } });
  const now = ctx.now();
  return runTransaction({
    ctx,
    input: {
      writer: viewer.userId,
      work: async (txCtx) => {
        const tx = txCtx.db;
        const existing = await tx.alertWebhook.findUnique({ where: { tenantRef } });
        const secret = !existing || input.rotateSecret ? newWebhookSecret() : null;
        const data = { url: input.url, updatedAt: now, updatedBy: viewer.userId, ...(secret ? { secret } : {}) };
        await tx.alertWebhook.upsert({
          where: { tenantRef },
          create: { tenantRef, createdAt: now, ...data, secret: secret ?? existing!.secret },
          update: data,
        });
        recordAudit({
          ctx: txCtx,
          input: {
            userId: viewer.userId,
            actorRef: viewer.actorRef,
            action: 'webhook.saved',
            scope: tenantScope(tenantRef),
            tenantRef,
            memoryId: null,
            before: existing ? { url: existing.url } : undefined,
            after: { url: input.url, secretChanged: secret !== null },
          },
        });
        return { tenantRef, url: input.url, secret };
      },
    },
  });
}
