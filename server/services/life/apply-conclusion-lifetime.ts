// "Apply the lifetime to existing conclusions" (docs/features.md "Tenant settings"): the
// organisation's default lifetime counts only for conclusions written after it is set; giving the
// ones already held an expiry (their last change + the lifetime) is a separate action. The forecast
// says how many would get one and how many of those would expire at once; the action names the
// count it was shown, and a different count now is a CONFLICT with the new numbers, so nobody
// confirms what they did not see. One audit row for the organisation.
import type { Viewer } from '../../auth/viewer';
import type { PrismaClient } from '../../db/generated/client';
import { DomainError } from '../../errors/domain-error';
import { recordAudit } from '../audit/record-audit';
import type { ServiceCall } from '../context';
import { countLifetimeForecast, type LifetimeForecast } from './forecast-conclusion-lifetime';
import { applyLifetimeSql } from './forecast-conclusion-lifetime-sql';
import { runTransaction } from '../run-transaction';
import { loadAdministeredTenant } from '../tenants/load-administered-tenant';
import { lockTenantRowSql } from '../tenants/update-tenant-settings-sql';

export interface ApplyLifetimeInput {
  viewer: Pick<Viewer, 'userId' | 'actorRef' | 'grants' | 'tenant'>;
  tenantRef: string;
  /** The `withoutExpiry` of the forecast the administrator confirmed. */
  expectedCount: number;
}

export async function applyConclusionLifetime({ ctx, input }: ServiceCall<ApplyLifetimeInput, PrismaClient>): Promise<LifetimeForecast> {
  const tenant = await loadAdministeredTenant({ ctx, input });
  return runTransaction({
    ctx,
    input: {
      writer: input.viewer.userId,
      work: async (txCtx) => {
        const tx = txCtx.db;
        const now = ctx.now();
        await tx.$queryRaw(lockTenantRowSql(tenant.ref));
        const { conclusionLifetimeDays: days } = await tx.tenant.findUniqueOrThrow({ where: { ref: tenant.ref } });
        if (days === null) {
          throw new DomainError('INVALID', 'Set a lifetime for the assistant’s conclusions first.', {
            fieldErrors: [{ field: 'conclusionLifetimeDays', message: 'conclusionLifetimeDays is not set' }],
          });
        }
        const forecast = await countLifetimeForecast({
          ctx: { ...txCtx, now: () => now },
          input: { tenantRef: tenant.ref, lifetimeDays: days },
        });
        if (forecast.withoutExpiry !== input.expectedCount) {
          throw new DomainError(
            'CONFLICT',
            `The numbers changed: ${forecast.withoutExpiry} conclusions would now get an expiry (${forecast.wouldExpireNow} at once). Review and confirm again.`,
            { current: { ...forecast } },
          );
        }
        await tx.$executeRaw(applyLifetimeSql(tenant.ref, days));
        recordAudit({
          ctx: txCtx,
          input: {
            userId: input.viewer.userId,
            actorRef: input.viewer.actorRef,
            action: 'tenant.lifetime-applied',
            scope: `tenant:${tenant.ref}`,
            tenantRef: tenant.ref,
            memoryId: null,
            after: { ...forecast },
          },
        });
        return forecast;
      },
    },
  });
}
