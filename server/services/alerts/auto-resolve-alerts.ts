// Resolves the alerts that have been quiet for ALERT_QUIET_MINUTES (docs/operations.md "Jobs"): no
// turn has dropped a pinned policy since. Run by the job runner; each alert in its own short
// transaction under the tenant's alert lock, so a batch landing at the same moment either updates
// the alert before it resolves or opens a new one after.
import { PINNED_OMITTED_ALERT_KIND, quietSince } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';
import { tenantAlertLockSql } from './auto-resolve-alerts-sql';
import { resolveAlert } from './resolve-alert';

export interface AutoResolveAlertsInput {
  quietMinutes: number;
}

export const AUTO_RESOLVE_REASON = 'quiet';

/** How many alerts it resolved. */
export async function autoResolveAlerts({ ctx, input }: ServiceCall<AutoResolveAlertsInput, PrismaClient>): Promise<number> {
  const cutoff = () => quietSince(ctx.now().getTime(), input.quietMinutes);
  const quiet = { kind: PINNED_OMITTED_ALERT_KIND, state: { in: ['open' as const, 'acknowledged' as const] } };
  const candidates = await ctx.db.alert.findMany({
    where: { ...quiet, lastSeenAt: { lt: cutoff() } },
    select: { id: true, tenantRef: true },
  });
  let resolved = 0;
  for (const candidate of candidates) {
    const done = await runTransaction({
      ctx,
      input: {
        writer: null,
        work: async (txCtx) => {
          const tx = txCtx.db;
          await tx.$executeRaw(tenantAlertLockSql(candidate.tenantRef));
          const still = await tx.alert.count({ where: { ...quiet, id: candidate.id, lastSeenAt: { lt: cutoff() } } });
          if (still === 0) return false;
          await resolveAlert({ ctx: txCtx, input: { id: candidate.id, by: null, reason: AUTO_RESOLVE_REASON } });
          return true;
        },
      },
    });
    if (done) resolved += 1;
  }
  return resolved;
}
