// "Keep mine": the assistant's conclusion about a person becomes their own statement, with the
// same text, authored by them. It goes through the one write path (verdict, version check, quota,
// audit row) like any save; the version the person saw must still be the current one, so a
// conclusion the assistant changed meanwhile is never adopted unseen.
import { actorScope } from '../../domain';
import type { Viewer } from '../../auth/viewer';
import type { AgentMemory, PrismaClient } from '../../db/generated/client';
import { DomainError, notFound } from '../../errors/domain-error';
import { isIdOf } from '../../ids';
import type { ServiceCall } from '../context';
import { writeMemory } from './write-memory';
import { humanWriter } from './writer';

export interface KeepOwnMemoryInput {
  viewer: Pick<Viewer, 'userId' | 'actorRef' | 'scopes' | 'grants'>;
  id: string;
  /** The version the person saw. */
  expectedVersion: number;
}

export async function keepOwnMemory({ ctx, input }: ServiceCall<KeepOwnMemoryInput, PrismaClient>): Promise<AgentMemory> {
  const { viewer } = input;
  const record = isIdOf('mem', input.id) ? await ctx.db.agentMemory.findUnique({ where: { id: input.id } }) : null;
  if (!record || !viewer.scopes.includes(record.scope)) throw notFound('That memory');
  if (record.scope !== actorScope(viewer.actorRef)) {
    throw new DomainError('FORBIDDEN', 'Only a memory about you alone can become your own statement; this one is shared with others.', {
      reason: 'HELD_AT_WIDER_SCOPE',
    });
  }
  if (record.author === 'human') {
    if (record.version !== input.expectedVersion) {
      throw new DomainError('CONFLICT', `"${record.key}" was changed meanwhile (now version ${record.version}). Review it and try again.`, {
        current: record,
      });
    }
    // Already the person's own statement: nothing to change.
    return record;
  }
  return writeMemory({
    ctx,
    input: {
      writer: humanWriter(viewer),
      scope: record.scope,
      key: record.key,
      text: record.text,
      threadId: record.threadId,
      runId: record.runId,
      expectedVersion: input.expectedVersion,
      auditAction: 'memory.kept',
      keptGuess: true,
    },
  });
}
