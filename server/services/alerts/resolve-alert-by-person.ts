// An operator or the tenant's administrator resolves an alert (docs/features.md "Operations"):
// reach checked here, the state change through resolveAlert, and the audit row in the same
// transaction.
import { tenantScope } from '../../domain';
import type { GrantLike } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { recordAudit } from '../audit/record-audit';
import type { ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';
import { findReachableAlert } from './find-reachable-alert';
import { resolveAlert } from './resolve-alert';

export interface ResolveAlertByPersonInput {
  viewer: { userId: string; actorRef: string; grants: GrantLike[] };
  id: string;
}

export async function resolveAlertByPerson({ ctx, input }: ServiceCall<ResolveAlertByPersonInput, PrismaClient>) {
  const alert = await findReachableAlert({ ctx, input });
  return runTransaction({
    ctx,
    input: {
      writer: input.viewer.userId,
      work: async (txCtx) => {
        const resolved = await resolveAlert({ ctx: txCtx, input: { id: alert.id, by: input.viewer.userId, reason: 'Resolved by hand' } });
        recordAudit({
          ctx: txCtx,
          input: {
            userId: input.viewer.userId,
            actorRef: input.viewer.actorRef,
            action: 'alert.resolved',
            scope: tenantScope(alert.tenantRef),
            tenantRef: alert.tenantRef,
            memoryId: null,
            before: { alertId: alert.id, state: alert.state },
            after: { alertId: alert.id, state: 'resolved' },
          },
        });
        return { id: resolved.id, resolvedAt: resolved.resolvedAt.toISOString() };
      },
    },
  });
}
