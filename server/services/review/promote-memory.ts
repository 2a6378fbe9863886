// An administrator republishes what the assistant concluded as a fact people stated, at their
// organisation, one of its groups, or for everyone (docs/features.md "Publishing the assistant's
// conclusions"). One transaction: the human-authored record (through the one write path), its links
// to the conclusions behind it, optionally the retirement of those conclusions, and one audit row
// `memory.promoted`.
import type { SessionViewer } from '../../auth/viewer';
import { GLOBAL_SCOPE } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { requireRecentSignIn } from '../account/require-recent-sign-in';
import type { ServiceCall } from '../context';
import { runWriteTransaction } from '../memories/run-write-transaction';
import { writeMemoryInTransaction, type WriteMemoryInput } from '../memories/write-memory-in-transaction';
import { humanWriter } from '../memories/writer';
import { checkPromotionTarget } from './check-promotion-target';
import { lockPromotionSources } from './lock-promotion-sources';

export interface PromoteMemoryInput {
  viewer: Pick<SessionViewer, 'userId' | 'sessionId' | 'actorRef' | 'scopes' | 'grants' | 'tenant'>;
  key: string;
  text: string;
  targetScope: string;
  pinned?: boolean;
  sourceIds: string[];
  /** Delete the conclusions behind the promotion (only ever the assistant's). */
  retireSources?: boolean;
  /** The version of the record the target holds for the key; required to replace one. */
  expectedVersion?: number;
  /** When the published fact expires (write-memory-in-transaction.ts `expiry`). */
  expiry?: WriteMemoryInput['expiry'];
  /**
   * Asked for again when publishing for everyone (docs/operations.md "Sessions"). Removing the
   * conclusions behind the fact never asks for it: they are the assistant's copies of what is now
   * published, never a person's words, and the audit row names each one removed.
   */
  password?: string;
}

export async function promoteMemory({ ctx, input }: ServiceCall<PromoteMemoryInput, PrismaClient>) {
  const { viewer } = input;
  const targetTenantRef = await checkPromotionTarget({ ctx, input: { viewer, targetScope: input.targetScope } });
  const sourceIds = [...new Set(input.sourceIds)];
  const retiring = input.retireSources === true;
  // Sudo mode after the authority check, so a refusal never asks for a password first.
  if (input.targetScope === GLOBAL_SCOPE) {
    await requireRecentSignIn({ ctx, input: { viewer, password: input.password } });
  }

  const writer = humanWriter(viewer);
  return runWriteTransaction({
    ctx,
    input: {
      key: input.key,
      writer,
      write: async (txCtx) => {
        const saved = await writeMemoryInTransaction({
          ctx: txCtx,
          input: {
            writer,
            scope: input.targetScope,
            key: input.key,
            text: input.text,
            pinned: input.pinned,
            promotedFromId: sourceIds.length === 1 ? sourceIds[0] : null,
            // Replacing what the target holds needs its version: never overwrite unseen.
            expectedVersion: input.expectedVersion ?? 0,
            auditAction: 'memory.promoted',
            expiry: input.expiry,
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
