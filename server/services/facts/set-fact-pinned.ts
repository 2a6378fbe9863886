// An administrator switches a published fact's pin on or off, at the version they saw. Pinning
// that pushes people over their budget needs the forecast's number confirmed; a global fact needs
// a recent sign-in (docs/operations.md "Sessions").
import type { Viewer } from '../../auth/viewer';
import { GLOBAL_SCOPE } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import { requireRecentSignIn } from '../account/require-recent-sign-in';
import { writeMemory } from '../memories/write-memory';
import { checkPin } from '../memories/write-memory-in-transaction';
import { humanWriter } from '../memories/writer';
import { confirmPinBudget } from './confirm-pin-budget';
import { loadFact } from './load-fact';

export interface SetFactPinnedInput {
  viewer: Pick<Viewer, 'userId' | 'actorRef' | 'scopes' | 'grants'> & { sessionId: string };
  id: string;
  pinned: boolean;
  expectedVersion: number;
  confirmOmissions?: number;
  password?: string;
  /** The facts:write token the administrator's change came through, named in the audit row. */
  tokenId?: string;
}

export async function setFactPinned({ ctx, input }: ServiceCall<SetFactPinnedInput, PrismaClient>) {
  const { viewer } = input;
  const fact = await loadFact({ ctx, input: { viewer, id: input.id, need: 'write' } });
  // Before the forecast, so a muted fact is told why (the write checks again on the locked row).
  checkPin(fact, input.pinned, ctx.now());
  if (fact.scope === GLOBAL_SCOPE) await requireRecentSignIn({ ctx, input: { viewer, password: input.password } });
  if (input.pinned && !fact.pinned) {
    await confirmPinBudget({
      ctx,
      input: { viewer, pins: [{ scope: fact.scope, key: fact.key }], confirmOmissions: input.confirmOmissions },
    });
  }
  return writeMemory({
    ctx,
    input: {
      writer: humanWriter(viewer),
      scope: fact.scope,
      key: fact.key,
      text: fact.text,
      pinned: input.pinned,
      expectedVersion: input.expectedVersion,
      auditAction: input.pinned ? 'memory.pinned' : 'memory.unpinned',
      auditTokenId: input.tokenId,
    },
  });
}
