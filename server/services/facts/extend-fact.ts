// An administrator extends a fact's expiry from the Facts page's "Expired" filter (docs/features.md
// "Published facts"): a new valid-until date, in the future and at most ten years out, that brings
// an expired fact back (active again) — until the expiry job deleted it, 30 days after it expired.
// It is the bulk `set-expiry` of one fact at the version the administrator saw, so its authority,
// locking and audit (`memory.expiry-set`) are the batch's; it answers like a single action: 404 for
// a fact they may not see (or one already deleted), 403 with the reason, 409 when changed since.
import type { Viewer } from '../../auth/viewer';
import type { PrismaClient } from '../../db/generated/client';
import { notFound } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import { actOnMemories, singleOutcome } from '../life/act-on-memories';

export interface ExtendFactInput {
  viewer: Pick<Viewer, 'userId' | 'actorRef' | 'scopes' | 'grants'> & { sessionId?: string };
  id: string;
  expectedVersion: number;
  expiresAt: Date;
}

export async function extendFact({ ctx, input }: ServiceCall<ExtendFactInput, PrismaClient>) {
  const { viewer, id } = input;
  const result = await actOnMemories({
    ctx,
    input: {
      viewer,
      as: 'administrator',
      ids: [id],
      action: 'set-expiry',
      expiresAt: input.expiresAt,
      expectedVersions: { [id]: input.expectedVersion },
    },
  });
  singleOutcome(result, 'That fact');
  const fact = await ctx.db.agentMemory.findUnique({ where: { id } });
  if (!fact) throw notFound('That fact');
  return { id: fact.id, state: fact.state, expiresAt: fact.expiresAt?.toISOString() ?? null, version: fact.version };
}
