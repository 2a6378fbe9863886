// An administrator switches a published fact's pin on or off, at the version they saw. Pinning
// that pushes people over their budget needs the forecast's number confirmed.
import type { Viewer } from '../../auth/viewer';
import type { PrismaClient } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import { writeMemory } from '../memories/write-memory';
import { confirmPinBudget } from './confirm-pin-budget';
import { loadFact } from './load-fact';

export interface SetFactPinnedInput {
  viewer: Pick<Viewer, 'userId' | 'actorRef' | 'scopes' | 'grants'>;
  id: string;
  pinned: boolean;
  expectedVersion: number;
  confirmOmissions?: number;
}

export async function setFactPinned({ ctx, input }: ServiceCall<SetFactPinnedInput, PrismaClient>) {
  const { viewer } = input;
  const fact = await loadFact({ ctx, input: { viewer, id: input.id, need: 'write' } });
  if (input.pinned && !fact.pinned) {
    await confirmPinBudget({ ctx, input: { viewer, scope: fact.scope, key: fact.key, confirmOmissions: input.confirmOmissions } });
  }
  return writeMemory({
    ctx,
    input: {
      writer: { kind: 'human', actorRef: viewer.actorRef, userId: viewer.userId },
      writerScopes: [...viewer.scopes, fact.scope],
      elevated: true,
      scope: fact.scope,
      key: fact.key,
      text: fact.text,
      pinned: input.pinned,
      expectedVersion: input.expectedVersion,
      auditAction: input.pinned ? 'fact.pinned' : 'fact.unpinned',
    },
  });
}
