// An administrator creates or edits a published fact at a tenant, custom or global scope, through
// the one write path (writeMemory) with the version they started from. Publishing for everyone
// needs a recent sign-in (docs/operations.md "Sessions").
import type { Viewer } from '../../auth/viewer';
import { ACTOR_KIND, factAccess, GLOBAL_SCOPE, scopeKind } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { DomainError, notFound } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import { requireRecentSignIn } from '../account/require-recent-sign-in';
import { writeMemory } from '../memories/write-memory';
import { checkPin } from '../memories/write-memory-in-transaction';
import type { WriteMemoryInput } from '../memories/write-memory-in-transaction';
import { humanWriter } from '../memories/writer';
import { tenantOfScope } from '../scopes/tenant-of-scope';
import { confirmPinBudget } from './confirm-pin-budget';
import { writeRefusal } from './load-fact';
import { requireFactAdmin } from './require-fact-admin';

export interface SaveFactInput {
  viewer: Pick<Viewer, 'userId' | 'actorRef' | 'scopes' | 'grants'> & { sessionId: string };
  scope: string;
  key: string;
  text: string;
  pinned?: boolean;
  expectedVersion?: number;
  /** When the fact expires (write-memory-in-transaction.ts `expiry`). */
  expiry?: WriteMemoryInput['expiry'];
  confirmOmissions?: number;
  /** The password, when the console asked for it (publishing for everyone needs a recent sign-in). */
  password?: string;
  /** The facts:write token the administrator's change came through, named in the audit row. */
  tokenId?: string;
}

async function checkPublishing({ ctx, input }: ServiceCall<SaveFactInput, PrismaClient>): Promise<void> {
  const { viewer, scope } = input;
  if (scope === GLOBAL_SCOPE) await requireRecentSignIn({ ctx, input: { viewer, password: input.password } });
  if (!input.pinned) return;
  const existing = await ctx.db.agentMemory.findUnique({
    where: { scope_key: { scope, key: input.key } },
    select: { pinned: true, state: true, expiresAt: true },
  });
  if (existing) checkPin(existing, true, ctx.now());
  if (!existing?.pinned) {
    await confirmPinBudget({ ctx, input: { viewer, pins: [{ scope, key: input.key }], confirmOmissions: input.confirmOmissions } });
  }
}

export async function saveFact({ ctx, input }: ServiceCall<SaveFactInput, PrismaClient>) {
  const { viewer, scope } = input;
  const reach = requireFactAdmin(viewer);
  const owner = await tenantOfScope({ ctx, input: { scope } }).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'INVALID') throw notFound('That scope');
    throw error;
  });
  const access = factAccess(reach, scope, owner);
  // A person's own scope is no fact scope: writeMemory's own rule refuses it (docs/concepts.md
  // "Who may write where"): 403 ANOTHER_PERSONS_SCOPE for their administrator, 404 for anyone else.
  if (scopeKind(scope) !== ACTOR_KIND) {
    if (access === 'none') throw notFound('That scope');
    if (access === 'read') throw writeRefusal(scope);
    await checkPublishing({ ctx, input });
  }
  return writeMemory({
    ctx,
    input: {
      writer: humanWriter(viewer),
      scope,
      key: input.key,
      text: input.text,
      pinned: input.pinned,
      expectedVersion: input.expectedVersion,
      expiry: input.expiry,
      auditAction: 'memory.published',
      publication: true,
      auditTokenId: input.tokenId,
    },
  });
}
