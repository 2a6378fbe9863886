// POST /api/runtime/memories/forget: the assistant removes one of its own conclusions about the
// person it runs for. The runtime forget verdict decides: a record anywhere else (another person,
// a shared scope, another organisation) answers NOT_FOUND; the person's own statement is refused
// (CONFLICT, PERSONS_OWN_STATEMENT), since it is theirs to delete in the console. Every forget
// leaves an audit row naming the token, without key or text, like a person's own forget.
import { decideRuntimeForget } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { DomainError, notFound } from '../../errors/domain-error';
import { isIdOf } from '../../ids';
import { recordAudit } from '../audit/record-audit';
import { readRows, type ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';
import { LOCKED_ROW, lockRuntimeMemorySql } from './forget-runtime-memory-sql';
import { loadRuntimeActor } from './load-runtime-actor';

export interface ForgetRuntimeMemoryInput {
  tokenTenantRef: string | null;
  /** The API token of the request, named in the audit row. */
  tokenId: string;
  actorRef: string;
  /** Any string: one that is not a memory id is answered NOT_FOUND. */
  id: string;
}

export async function forgetRuntimeMemory({ ctx, input }: ServiceCall<ForgetRuntimeMemoryInput, PrismaClient>): Promise<void> {
  const actor = await loadRuntimeActor({ ctx, input });
  if (!isIdOf('mem', input.id)) throw notFound('That memory');
  await runTransaction({
    ctx,
    input: {
      writer: null,
      work: async (tx) => {
        // Locked first (the audit chain's lock comes last), so a person making this conclusion their
        // own ("Keep mine") waits for us or we for them: the verdict judges the author we delete.
        const [record] = await readRows(tx, lockRuntimeMemorySql(input.id), LOCKED_ROW);
        const verdict = decideRuntimeForget({ record: record ?? null, actorRef: actor.actorRef });
        if (verdict.outcome === 'not_found') throw notFound('That memory');
        if (verdict.outcome === 'refused') {
          throw new DomainError(
            'CONFLICT',
            'This memory is what the person stated about themselves; only they can delete it, in the console. The assistant forgets only its own conclusions.',
            { reason: verdict.reason },
          );
        }
        await tx.db.agentMemory.delete({ where: { id: record!.id } });
        // No person did this: the row names the token, and the person it was about by their actor.
        recordAudit({
          ctx: tx,
          input: {
            userId: null,
            tokenId: input.tokenId,
            actorRef: actor.actorRef,
            action: 'memory.forgotten-by-runtime',
            scope: record!.scope,
            tenantRef: actor.tenantRef,
            memoryId: record!.id,
          },
        });
      },
    },
  });
}
