// A person states a fact about themselves: always at their own actor scope, authored by a human.
// Saving a key the assistant concluded replaces the conclusion with the person's statement.
import { actorScope } from '../../domain';
import type { Viewer } from '../../auth/viewer';
import type { ServiceDeps } from '../deps';
import { writeMemory } from './write-memory';

export async function saveOwnMemory(
  deps: ServiceDeps,
  viewer: Pick<Viewer, 'userId' | 'actorRef' | 'scopes'>,
  input: { key: string; text: string; expectedVersion?: number },
) {
  return writeMemory(deps, {
    writer: { kind: 'human', actorRef: viewer.actorRef, userId: viewer.userId },
    writerScopes: viewer.scopes,
    elevated: false,
    scope: actorScope(viewer.actorRef),
    key: input.key,
    text: input.text,
    expectedVersion: input.expectedVersion,
    auditAction: 'memory.saved',
  });
}
