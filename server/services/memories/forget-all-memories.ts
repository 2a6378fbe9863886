// "Forget everything about me": every record at the person's own actor scope, in one transaction.
import { actorScope } from '../../domain';
import type { Viewer } from '../../auth/viewer';
import { recordAudit } from '../audit/record-audit';
import type { PrismaClient } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';

export interface ForgetAllMemoriesInput {
  viewer: Pick<Viewer, 'userId' | 'actorRef' | 'tenant'>;
}

export async function forgetAllMemories({ ctx, input }: ServiceCall<ForgetAllMemoriesInput, PrismaClient>): Promise<{ deleted: number }> {
  const { viewer } = input;
  const scope = actorScope(viewer.actorRef);
  return runTransaction({
    ctx,
    input: {
      writer: viewer.userId,
      work: async (txCtx) => {
        const tx = txCtx.db;
        const doomed = await tx.agentMemory.findMany({ where: { scope }, select: { id: true }, orderBy: { id: 'asc' } });
        const { count } = await tx.agentMemory.deleteMany({ where: { id: { in: doomed.map((row) => row.id) } } });
        recordAudit({
          ctx: txCtx,
          input: {
            userId: viewer.userId,
            actorRef: viewer.actorRef,
            action: 'memory.forgot-all',
            scope,
            tenantRef: viewer.tenant.ref,
            memoryId: null,
            // Which records went, never what they said.
            before: { memoryIds: doomed.map((row) => row.id) },
            after: { deleted: count },
          },
        });
        return { deleted: count };
      },
    },
  });
}
