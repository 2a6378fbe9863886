// An administrator changes their organisation's budget and fact length, at the version they saw
// (its updatedAt); audited in the same transaction. Lowering the budget can push always-on
// policies out of turns, so it needs a recent sign-in (docs/operations.md "Sessions").
import type { Viewer } from '../../auth/viewer';
import { lowersBudget } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { DomainError } from '../../errors/domain-error';
import { requireRecentSignIn } from '../account/require-recent-sign-in';
import { recordAudit } from '../audit/record-audit';
import type { ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';
import { loadAdministeredTenant } from './load-administered-tenant';
import { lockTenantRowSql } from './update-tenant-settings-sql';
import { settingsView } from './tenant-settings';

export interface UpdateTenantSettingsInput {
  viewer: Pick<Viewer, 'userId' | 'actorRef' | 'grants' | 'tenant'> & { sessionId: string };
  tenantRef: string;
  maxMemories: number;
  maxFactChars: number;
  /** Days the assistant's conclusions written from now on live; null: no default. Absent: unchanged. */
  conclusionLifetimeDays?: number | null;
  /** Days after a fact's last edit or confirmation it is due for review. Absent: unchanged. */
  reviewIntervalDays?: number;
  /** The updatedAt the administrator saw; a later change is not overwritten. */
  expectedUpdatedAt?: string;
  /** The password, when the console asked for it (lowering the budget needs a recent sign-in). */
  password?: string;
}

export async function updateTenantSettings({ ctx, input }: ServiceCall<UpdateTenantSettingsInput, PrismaClient>) {
  const { viewer } = input;
  const tenant = await loadAdministeredTenant({ ctx, input });
  if (lowersBudget(tenant, input)) await requireRecentSignIn({ ctx, input: { viewer, password: input.password } });
  const saved = await runTransaction({
    ctx,
    input: {
      writer: viewer.userId,
      work: async (txCtx) => {
        const tx = txCtx.db;
        await tx.$queryRaw(lockTenantRowSql(tenant.ref));
        const current = await tx.tenant.findUniqueOrThrow({ where: { ref: tenant.ref } });
        const settings = (t: typeof current) => ({
          maxMemories: t.maxMemories,
          maxFactChars: t.maxFactChars,
          conclusionLifetimeDays: t.conclusionLifetimeDays,
          reviewIntervalDays: t.reviewIntervalDays,
        });
        if (input.expectedUpdatedAt !== undefined && input.expectedUpdatedAt !== current.updatedAt.toISOString()) {
          throw new DomainError('CONFLICT', 'Someone else changed these settings meanwhile. Review the current values and save again.', {
            current: { ...settings(current), updatedAt: current.updatedAt.toISOString() },
          });
        }
        const updated = await tx.tenant.update({
          where: { ref: tenant.ref },
          // updatedAt is the version: it must move forward on every change, even with a stopped clock.
          data: {
            maxMemories: input.maxMemories,
            maxFactChars: input.maxFactChars,
            ...(input.conclusionLifetimeDays !== undefined ? { conclusionLifetimeDays: input.conclusionLifetimeDays } : {}),
            ...(input.reviewIntervalDays !== undefined ? { reviewIntervalDays: input.reviewIntervalDays } : {}),
            updatedAt: new Date(Math.max(ctx.now().getTime(), current.updatedAt.getTime() + 1)),
          },
        });
        recordAudit({
          ctx: txCtx,
          input: {
            userId: viewer.userId,
            actorRef: viewer.actorRef,
            action: 'tenant.settings-updated',
            scope: `tenant:${tenant.ref}`,
            tenantRef: tenant.ref,
            memoryId: null,
            before: settings(current),
            after: settings(updated),
          },
        });
        return updated;
      },
    },
  });
  return settingsView(saved);
}
