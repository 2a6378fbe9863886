// A person deletes one memory. The forget verdict decides: their own → deleted; visible but held
// at a wider scope → FORBIDDEN; anything else (missing, someone else's, malformed) → NOT_FOUND.
import { decideForget } from '../../domain';
import type { Viewer } from '../../auth/viewer';
import { Prisma, type PrismaClient } from '../../db/generated/client';
import { DomainError, notFound } from '../../errors/domain-error';
import { recordAudit } from '../audit/record-audit';
import { isIdOf } from '../../ids';
import type { ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';

export interface ForgetMemoryInput {
  viewer: Pick<Viewer, 'userId' | 'actorRef' | 'scopes' | 'tenant'>;
  /** Any string: one that is not a memory id is answered NOT_FOUND. */
  id: string;
}

export async function forgetMemory({ ctx, input }: ServiceCall<ForgetMemoryInput, PrismaClient>): Promise<{ id: string }> {
  const { viewer, id } = input;
  const record = isIdOf('mem', id) ? await ctx.db.agentMemory.findUnique({ where: { id }, select: { id: true, scope: true } }) : null;
  const verdict = decideForget({ record, viewerScopes: viewer.scopes, viewerActorRef: viewer.actorRef });
  if (verdict.outcome === 'not_found') throw notFound('That memory');
  if (verdict.outcome === 'forbidden') {
    throw new DomainError(
      'FORBIDDEN',
      'This memory is shared with others at a wider scope; only an administrator of that scope can change or remove it.',
      { reason: verdict.reason },
    );
  }
  try {
    await runTransaction({
      ctx,
      input: {
        writer: viewer.userId,
        work: async (txCtx) => {
          await txCtx.db.agentMemory.delete({ where: { id: record!.id } });
          // The person removed something about themselves: the audit row keeps neither key nor text.
          recordAudit({
            ctx: txCtx,
            input: {
              userId: viewer.userId,
              actorRef: viewer.actorRef,
              action: 'memory.forgotten',
              scope: record!.scope,
              tenantRef: viewer.tenant.ref,
              memoryId: record!.id,
            },
          });
        },
      },
    });
  } catch (error) {
    // Deleted by another request between our read and our delete.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025') throw notFound('That memory');
    throw error;
  }
  return { id: record!.id };
}
