// An administrator creates or edits a published fact at a tenant, custom or global scope, through
// the one write path (writeMemory) with the version they started from.
import { factAccess } from '../../auth/fact-access';
import type { Viewer } from '../../auth/viewer';
import { ACTOR_KIND, scopeKind } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { DomainError, notFound } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import { writeMemory } from '../memories/write-memory';
import { tenantOfScope } from '../scopes/tenant-of-scope';
import { confirmPinBudget } from './confirm-pin-budget';
import { writeRefusal } from './load-fact';
import { requireFactAdmin } from './require-fact-admin';

export interface SaveFactInput {
  viewer: Pick<Viewer, 'userId' | 'actorRef' | 'scopes' | 'grants'>;
  scope: string;
  key: string;
  text: string;
  pinned?: boolean;
  expectedVersion?: number;
  confirmOmissions?: number;
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

  if (input.pinned) {
    const existing = await ctx.db.agentMemory.findUnique({ where: { scope_key: { scope, key: input.key } }, select: { pinned: true } });
    if (!existing?.pinned) {
      await confirmPinBudget({ ctx, input: { viewer, scope, key: input.key, confirmOmissions: input.confirmOmissions } });
    }
  }
  return writeMemory({
    ctx,
    input: {
      writer: { kind: 'human', actorRef: viewer.actorRef, userId: viewer.userId },
      writerScopes: [...viewer.scopes, scope],
      elevated: true,
      scope,
      key: input.key,
      text: input.text,
      pinned: input.pinned,
      expectedVersion: input.expectedVersion,
      auditAction: 'memory.published',
    },
  });
}
