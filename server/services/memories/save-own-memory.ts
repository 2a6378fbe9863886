// A person states a fact about themselves: always at their own actor scope, authored by a human.
// Saving a key the assistant concluded replaces the conclusion with the person's statement.
import { actorScope } from '../../domain';
import type { Viewer } from '../../auth/viewer';
import type { PrismaClient } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import { writeMemory } from './write-memory';
import { humanWriter } from './writer';

export interface SaveOwnMemoryInput {
  viewer: Pick<Viewer, 'userId' | 'actorRef' | 'scopes' | 'grants'>;
  key: string;
  text: string;
  expectedVersion?: number;
}

export async function saveOwnMemory({ ctx, input }: ServiceCall<SaveOwnMemoryInput, PrismaClient>) {
  const { viewer } = input;
  return writeMemory({
    ctx,
    input: {
      writer: humanWriter(viewer),
      scope: actorScope(viewer.actorRef),
      key: input.key,
      text: input.text,
      expectedVersion: input.expectedVersion,
      auditAction: 'memory.saved',
    },
  });
}
