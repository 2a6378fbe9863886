// An administrator republishes what the assistant concluded as a fact people stated, at their
// organisation, one of its groups, or for everyone (README "Publishing the assistant's
// conclusions"). One transaction: the human-authored record (through the one write path), its
// links to the conclusions behind it, optionally the retirement of those conclusions, and one
// audit row `memory.promoted`.
import { administers } from '../../auth/administers';
import type { Viewer } from '../../auth/viewer';
import { decidePromotionTarget } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { DomainError, notFound } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import { runWriteTransaction } from '../memories/run-write-transaction';
import { writeMemoryInTransaction } from '../memories/write-memory-in-transaction';
import { tenantOfScope } from '../scopes/tenant-of-scope';
import { lockPromotionSources } from './lock-promotion-sources';

export interface PromoteMemoryInput {
  viewer: Pick<Viewer, 'userId' | 'actorRef' | 'scopes' | 'grants' | 'tenant'>;
  key: string;
  text: string;
  targetScope: string;
  pinned?: boolean;
  sourceIds: string[];
  /** Delete the conclusions behind the promotion (only ever the assistant's). */
  retireSources?: boolean;
  /** The version of the record the target holds for the key; required to replace one. */
  expectedVersion?: number;
}

const TARGET_REFUSALS = {
  PERSONAL_SCOPE: 'Publish for an organisation, one of its groups or everyone, not for one person.',
  NEEDS_GLOBAL_GRANT: 'Publishing for everyone needs a global administrator grant.',
  NOT_ADMINISTRATOR: 'Publishing for this scope needs administrator rights for it.',
} as const;

/** Whether the viewer may publish at the target; throws the refusal the verdict names. */
async function checkTarget({ ctx, input }: ServiceCall<PromoteMemoryInput>): Promise<string | null> {
  const tenantRef = await tenantOfScope({ ctx, input: { scope: input.targetScope } }).catch((error: unknown) => {
    // An unknown scope is answered like another organisation's: nothing about it is confirmed.
    if (error instanceof DomainError) throw notFound('That scope');
    throw error;
  });
  const verdict = decidePromotionTarget({
    scope: input.targetScope,
    scopeTenantRef: tenantRef,
    viewerTenantRef: input.viewer.tenant.ref,
    administers: administers(input.viewer.grants, input.targetScope, tenantRef),
  });
  if (verdict.outcome === 'not_found') throw notFound('That scope');
  if (verdict.outcome === 'invalid' || verdict.outcome === 'forbidden') {
    const message = TARGET_REFUSALS[verdict.reason];
    const code = verdict.outcome === 'invalid' ? 'INVALID' : 'FORBIDDEN';
    throw new DomainError(code, message, { reason: verdict.reason, fieldErrors: [{ field: 'targetScope', message }] });
  }
  return tenantRef;
}

export async function promoteMemory({ ctx, input }: ServiceCall<PromoteMemoryInput, PrismaClient>) {
  const { viewer } = input;
  const targetTenantRef = await checkTarget({ ctx, input });
  const sourceIds = [...new Set(input.sourceIds)];
  const retiring = input.retireSources === true;

  return runWriteTransaction({
    ctx,
    input: {
      key: input.key,
      write: async (txCtx) => {
        const saved = await writeMemoryInTransaction({
          ctx: txCtx,
          input: {
            writer: { kind: 'human', actorRef: viewer.actorRef, userId: viewer.userId },
            writerScopes: viewer.scopes,
            elevated: true,
            scope: input.targetScope,
            key: input.key,
            text: input.text,
            pinned: input.pinned,
            promotedFromId: sourceIds.length === 1 ? sourceIds[0] : null,
            // Replacing what the target holds needs its version: never overwrite unseen.
            expectedVersion: input.expectedVersion ?? 0,
            auditAction: 'memory.promoted',
            auditDetails: { sourceIds, retiredSourceIds: retiring ? sourceIds : [] },
          },
        });
        await lockPromotionSources({ ctx: txCtx, input: { grants: viewer.grants, sourceIds, key: saved.key, targetTenantRef } });
        await txCtx.db.memoryPromotionSource.createMany({
          data: sourceIds.map((sourceId) => ({ memoryId: saved.id, sourceId, promotedAt: saved.updatedAt })),
          skipDuplicates: true,
        });
        // Sources are checked to be the assistant's conclusions; the filter says so once more.
        if (retiring) await txCtx.db.agentMemory.deleteMany({ where: { id: { in: sourceIds }, author: 'agent' } });
        return {
          id: saved.id,
          key: saved.key,
          text: saved.text,
          scope: saved.scope,
          pinned: saved.pinned,
          version: saved.version,
          sourceIds,
          retiredSourceIds: retiring ? sourceIds : [],
        };
      },
    },
  });
}
