// "Snooze": an administrator hides a key from their tenant's To review until a time, or wakes it
// again (docs/features.md "Review queue"). Stored per tenant and key, shared by every console
// instance; whether it still hides the key is decided at read time (review-queue.ts `isSnoozed`).
// A change names the version of the snooze it started from (0: none), so two administrators acting
// at once never overwrite each other unseen: the second is refused (CONFLICT, CHANGED_SINCE) with
// the current snooze. Audited in the same transaction, with the time before and after.
import { snoozeUntilProblem, tenantScope, type GrantLike } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { DomainError } from '../../errors/domain-error';
import { recordAudit } from '../audit/record-audit';
import { readRows, type ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';
import { resolveReviewGroup } from './resolve-review-group';
import { groupNewestSql, insertSnoozeSql, lockSnoozeSql, newestSchema, storedSchema } from './set-review-snooze-sql';

export interface SetReviewSnoozeInput {
  viewer: { userId: string; actorRef: string; grants: GrantLike[] };
  key: string;
  tenantRef?: string;
  /** When the snooze ends; null wakes the key now (Unsnooze). */
  until: Date | null;
  /** The snooze's version the administrator saw (`snoozeVersion` of the list; 0 when none). */
  expectedVersion: number;
}

export interface ReviewSnoozeState {
  tenantRef: string;
  key: string;
  snoozedUntil: string | null;
  /** The stored snooze's version after the change (0: none). */
  version: number;
}

export async function setReviewSnooze({ ctx, input }: ServiceCall<SetReviewSnoozeInput, PrismaClient>): Promise<ReviewSnoozeState> {
  if (input.until) {
    const problem = snoozeUntilProblem(input.until, ctx.now());
    if (problem) throw new DomainError('INVALID', problem, { fieldErrors: [{ field: 'until', message: problem }] });
  }
  const group = await resolveReviewGroup({ ctx, input });
  return runTransaction({
    ctx,
    input: {
      writer: input.viewer.userId,
      work: async (txCtx) => {
        const tx = txCtx.db;
        // The snooze's row first (the only row this changes); the audit chain comes last.
        const [stored] = await readRows(txCtx, lockSnoozeSql(group.tenantRef, group.key), storedSchema);
        const changedSince = (current: { snoozedUntil: Date; version: number } | undefined) =>
          new DomainError('CONFLICT', `Someone else changed the snooze of “${group.key}” meanwhile; look at it again.`, {
            reason: 'CHANGED_SINCE',
            current: { snoozedUntil: current?.snoozedUntil.toISOString() ?? null, version: current?.version ?? 0 },
          });
        if ((stored?.version ?? 0) !== input.expectedVersion) throw changedSince(stored);
        const audit = (action: 'review.snoozed' | 'review.unsnoozed', after: Date | null) =>
          recordAudit({
            ctx: txCtx,
            input: {
              userId: input.viewer.userId,
              actorRef: input.viewer.actorRef,
              action,
              scope: tenantScope(group.tenantRef),
              tenantRef: group.tenantRef,
              memoryId: null,
              key: group.key,
              before: { snoozedUntil: stored?.snoozedUntil.toISOString() ?? null },
              after: { snoozedUntil: after?.toISOString() ?? null },
            },
          });

        if (!input.until) {
          if (!stored) return { ...group, snoozedUntil: null, version: 0 };
          await tx.reviewSnooze.delete({ where: { tenantRef_key: group } });
          audit('review.unsnoozed', null);
          return { ...group, snoozedUntil: null, version: 0 };
        }

        // The newest conclusion the snooze covers: one that arrives later wakes the key.
        const [{ newestAt } = { newestAt: null }] = await readRows(txCtx, groupNewestSql(group.tenantRef, group.key), newestSchema);
        const values = {
          snoozedUntil: input.until,
          seenNewestAt: newestAt ?? ctx.now(),
          snoozedBy: input.viewer.userId,
          snoozedAt: ctx.now(),
        };
        const version = (stored?.version ?? 0) + 1;
        if (stored) {
          await tx.reviewSnooze.update({ where: { tenantRef_key: group }, data: { ...values, version } });
        } else {
          // A first snooze made by someone else meanwhile holds the key: theirs stands, this one is refused.
          const inserted = await tx.$executeRaw(insertSnoozeSql(group, values));
          if (inserted === 0) {
            const current = await tx.reviewSnooze.findUnique({ where: { tenantRef_key: group } });
            throw changedSince(current ?? undefined);
          }
        }
        audit('review.snoozed', input.until);
        return { ...group, snoozedUntil: input.until.toISOString(), version };
      },
    },
  });
}
