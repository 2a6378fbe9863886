// An administrator deletes a published fact at the version they saw; the audit row keeps what it
// was. A changed fact is not deleted: CONFLICT with the current one. A global fact needs a recent
// sign-in (README "Sessions").
import type { Viewer } from '../../auth/viewer';
import { GLOBAL_SCOPE } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { DomainError } from '../../errors/domain-error';
import { requireRecentSignIn } from '../account/require-recent-sign-in';
import { recordAudit } from '../audit/record-audit';
import { inTransaction, type ServiceCall } from '../context';
import { memorySnapshot } from '../memories/write-memory';
import { loadFact } from './load-fact';

export interface DeleteFactInput {
  viewer: Pick<Viewer, 'userId' | 'actorRef' | 'grants'> & { sessionId: string };
  id: string;
  expectedVersion: number;
  password?: string;
}

export async function deleteFact({ ctx, input }: ServiceCall<DeleteFactInput, PrismaClient>): Promise<{ id: string }> {
  const { viewer } = input;
  const fact = await loadFact({ ctx, input: { viewer, id: input.id, need: 'write' } });
  if (fact.scope === GLOBAL_SCOPE) await requireRecentSignIn({ ctx, input: { viewer, password: input.password } });
  await ctx.db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "agent_memory" WHERE "id" = ${fact.id} FOR UPDATE`;
    const current = await tx.agentMemory.findUnique({ where: { id: fact.id } });
    if (!current || current.version !== input.expectedVersion) {
      throw new DomainError(
        'CONFLICT',
        current
          ? `"${fact.key}" was changed by someone else (now version ${current.version}). Review the current text and try again.`
          : `"${fact.key}" was already deleted.`,
        { current },
      );
    }
    await tx.agentMemory.delete({ where: { id: current.id } });
    await recordAudit({
      ctx: inTransaction(ctx, tx),
      input: {
        userId: viewer.userId,
        actorRef: viewer.actorRef,
        action: 'fact.deleted',
        scope: current.scope,
        tenantRef: current.tenantRef,
        memoryId: current.id,
        key: current.key,
        before: memorySnapshot(current),
      },
    });
  });
  return { id: fact.id };
}
