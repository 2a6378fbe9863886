// An operator or the tenant's administrator acknowledges an open alert with a note
// (docs/features.md "Operations"). The conditional update lets exactly one of two concurrent
// acknowledges win; the other gets CONFLICT. The history row and the audit row are written in the
// same transaction.
import { decideAlertTransition, tenantScope, type AlertStateName } from '../../domain';
import type { GrantLike } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { DomainError } from '../../errors/domain-error';
import { recordAudit } from '../audit/record-audit';
import type { ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';
import { findReachableAlert } from './find-reachable-alert';

export interface AcknowledgeAlertInput {
  viewer: { userId: string; actorRef: string; grants: GrantLike[] };
  id: string;
  note: string;
}

export async function acknowledgeAlert({ ctx, input }: ServiceCall<AcknowledgeAlertInput, PrismaClient>) {
  const alert = await findReachableAlert({ ctx, input });
  const at = ctx.now();
  return runTransaction({
    ctx,
    input: {
      writer: input.viewer.userId,
      work: async (txCtx) => {
        const tx = txCtx.db;
        const { count } = await tx.alert.updateMany({
          where: { id: alert.id, state: 'open' },
          data: { state: 'acknowledged', acknowledgedAt: at, acknowledgedBy: input.viewer.userId, acknowledgedNote: input.note },
        });
        if (count === 0) {
          const current = await tx.alert.findUniqueOrThrow({ where: { id: alert.id }, select: { state: true } });
          const verdict = decideAlertTransition(current.state as AlertStateName, 'acknowledge');
          throw new DomainError('CONFLICT', verdict.ok ? 'The alert changed meanwhile; reload and try again.' : verdict.reason);
        }
        await tx.alertEvent.create({
          data: { id: ctx.newId('alv'), alertId: alert.id, kind: 'acknowledged', at, userId: input.viewer.userId, note: input.note },
        });
        recordAudit({
          ctx: txCtx,
          input: {
            userId: input.viewer.userId,
            actorRef: input.viewer.actorRef,
            action: 'alert.acknowledged',
            scope: tenantScope(alert.tenantRef),
            tenantRef: alert.tenantRef,
            memoryId: null,
            before: { alertId: alert.id, state: alert.state },
            after: { alertId: alert.id, state: 'acknowledged', note: input.note },
          },
        });
        return { id: alert.id, acknowledgedAt: at.toISOString() };
      },
    },
  });
}
