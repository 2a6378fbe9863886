// POST /api/runtime/memories/forget: the assistant removes one record at the scope of the person it
// runs for. The forget verdict decides with that one scope as all it may touch, so a record
// anywhere else (another person, a shared scope, another organisation) answers NOT_FOUND.
import { actorScope, decideForget } from '../../domain';
import { Prisma, type PrismaClient } from '../../db/generated/client';
import { notFound } from '../../errors/domain-error';
import { isIdOf } from '../../ids';
import type { ServiceCall } from '../context';
import { loadRuntimeActor } from './load-runtime-actor';

export interface ForgetRuntimeMemoryInput {
  tokenTenantRef: string | null;
  actorRef: string;
  /** Any string: one that is not a memory id is answered NOT_FOUND. */
  id: string;
}

export async function forgetRuntimeMemory({ ctx, input }: ServiceCall<ForgetRuntimeMemoryInput, PrismaClient>): Promise<void> {
  const actor = await loadRuntimeActor({ ctx, input });
  const record = isIdOf('mem', input.id)
    ? await ctx.db.agentMemory.findUnique({ where: { id: input.id }, select: { id: true, scope: true } })
    : null;
  const verdict = decideForget({ record, viewerScopes: [actorScope(actor.actorRef)], viewerActorRef: actor.actorRef });
  if (verdict.outcome !== 'delete') throw notFound('That memory');
  try {
    await ctx.db.agentMemory.delete({ where: { id: record!.id, scope: record!.scope } });
  } catch (error) {
    // Deleted by another request between our read and our delete.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025') throw notFound('That memory');
    throw error;
  }
}
