// An administrator creates or edits a published fact at a tenant, custom or global scope, through
// the one write path (writeMemory) with the version they started from. Publishing for everyone
// needs a recent sign-in (README "Sessions").
import { factAccess } from '../../auth/fact-access';
import type { Viewer } from '../../auth/viewer';
import { ACTOR_KIND, GLOBAL_SCOPE, scopeKind } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { DomainError, notFound } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import { requireRecentSignIn } from '../account/require-recent-sign-in';
import { writeMemory } from '../memories/write-memory';
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
  confirmOmissions?: number;
  /** The password, when the console asked for it (publishing for everyone needs a recent sign-in). */
  password?: string;
}

export async function saveFact({ ctx, input }: ServiceCall<SaveFactInput, PrismaClient>) {
  const { viewer, scope } = input;
  requireFactAdmin(viewer);
  if (scopeKind(scope) === ACTOR_KIND) {
    throw new DomainError('INVALID', 'Facts are published for a group, an organisation or everyone, never for one person.', {
      fieldErrors: [{ field: 'scope', message: 'scope must be a tenant, custom or global scope' }],
    });
  }
  const owner = await tenantOfScope({ ctx, input: { scope } }).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'INVALID') throw notFound('That scope');
    throw error;
  });
  const access = factAccess(viewer.grants, scope, owner);
  if (access === 'none') throw notFound('That scope');
  if (access === 'read') throw writeRefusal(scope);
  if (scope === GLOBAL_SCOPE) await requireRecentSignIn({ ctx, input: { viewer, password: input.password } });

  if (input.pinned) {
    const existing = await ctx.db.agentMemory.findUnique({ where: { scope_key: { scope, key: input.key } }, select: { pinned: true } });
    if (!existing?.pinned) {
      await confirmPinBudget({ ctx, input: { viewer, scope, key: input.key, confirmOmissions: input.confirmOmissions } });
    }
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
      auditAction: 'memory.published',
    },
  });
}
