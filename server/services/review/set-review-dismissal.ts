// "Not worth publishing": an administrator takes a key out of their tenant's review queue (a filter
// still shows it), or brings it back. Stored per tenant and audited in the same transaction;
// dismissing twice is one dismissal, and only a change is audited.
import { tenantScope } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import type { GrantLike } from '../../domain';
import { recordAudit } from '../audit/record-audit';
import type { ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';
import { resolveReviewGroup } from './resolve-review-group';

export interface SetReviewDismissalInput {
  viewer: { userId: string; actorRef: string; grants: GrantLike[] };
  key: string;
  tenantRef?: string;
  dismissed: boolean;
}

export interface ReviewDismissalState {
  tenantRef: string;
  key: string;
  dismissed: boolean;
}

export async function setReviewDismissal({
  ctx,
  input,
}: ServiceCall<SetReviewDismissalInput, PrismaClient>): Promise<ReviewDismissalState> {
  const group = await resolveReviewGroup({ ctx, input });
  await runTransaction({
    ctx,
    input: {
      writer: input.viewer.userId,
      work: async (txCtx) => {
        const tx = txCtx.db;
        const { count } = input.dismissed
          ? await tx.reviewDismissal.createMany({
              data: [{ ...group, dismissedBy: input.viewer.userId, dismissedAt: ctx.now() }],
              skipDuplicates: true,
            })
          : await tx.reviewDismissal.deleteMany({ where: group });
        if (count === 0) return;
        recordAudit({
          ctx: txCtx,
          input: {
            userId: input.viewer.userId,
            actorRef: input.viewer.actorRef,
            action: input.dismissed ? 'review.dismissed' : 'review.undismissed',
            scope: tenantScope(group.tenantRef),
            tenantRef: group.tenantRef,
            memoryId: null,
            key: group.key,
          },
        });
      },
    },
  });
  return { ...group, dismissed: input.dismissed };
}
