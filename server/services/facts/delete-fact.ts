// An administrator deletes a published fact at the version they saw, through the one path that
// removes shared records (delete-shared-memory.ts): a changed fact is not deleted (CONFLICT with
// the current one) and the audit row keeps what it was. A global fact needs a recent sign-in
// (docs/operations.md "Sessions").
import type { Viewer } from '../../auth/viewer';
import { GLOBAL_SCOPE } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { requireRecentSignIn } from '../account/require-recent-sign-in';
import type { ServiceCall } from '../context';
import { deleteSharedMemory } from '../memories/delete-shared-memory';
import { loadFact } from './load-fact';

export interface DeleteFactInput {
  viewer: Pick<Viewer, 'userId' | 'actorRef' | 'scopes' | 'grants'> & { sessionId: string };
  id: string;
  expectedVersion: number;
  password?: string;
  /** The facts:write token the administrator's change came through, named in the audit row. */
  tokenId?: string;
}

export async function deleteFact({ ctx, input }: ServiceCall<DeleteFactInput, PrismaClient>): Promise<{ id: string }> {
  const { viewer } = input;
  const fact = await loadFact({ ctx, input: { viewer, id: input.id, need: 'write' } });
  if (fact.scope === GLOBAL_SCOPE) await requireRecentSignIn({ ctx, input: { viewer, password: input.password } });
  return deleteSharedMemory({
    ctx,
    input: { viewer, scope: fact.scope, key: fact.key, expectedVersion: input.expectedVersion, auditTokenId: input.tokenId },
  });
}
