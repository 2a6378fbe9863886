// The conclusions behind a promotion, locked until the promotion's transaction ends so nobody
// changes or deletes one in between, each checked against the promotion verdict. A record the
// administrator may not review (another organisation's, or none at all) is "not found", by id.
import { administers, describePromotionSourceProblem, promotionSourceProblem, reachOf, type GrantLike } from '../../domain';
import type { AgentMemory } from '../../db/generated/client';
import { DomainError } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import { lockPromotionSourcesSql } from './lock-promotion-sources-sql';

export interface LockPromotionSourcesInput {
  grants: GrantLike[];
  sourceIds: string[];
  key: string;
  /** The tenant that owns the target scope; null for `global`. */
  targetTenantRef: string | null;
}

function refused(code: 'NOT_FOUND' | 'INVALID' | 'CONFLICT', message: string): DomainError {
  return new DomainError(code, message, { fieldErrors: [{ field: 'sourceIds', message }] });
}

export async function lockPromotionSources({ ctx, input }: ServiceCall<LockPromotionSourcesInput>): Promise<AgentMemory[]> {
  const ids = input.sourceIds;
  await ctx.db.$queryRaw(lockPromotionSourcesSql(ids));
  const rows = await ctx.db.agentMemory.findMany({ where: { id: { in: ids } } });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const reach = reachOf(input.grants);
  for (const id of ids) {
    const source = byId.get(id);
    // Reviewing a person's conclusions needs administrator rights over their scope.
    if (!source || !administers(reach, source.scope, source.tenantRef)) {
      throw refused('NOT_FOUND', `Source ${id} does not exist or is not visible to you.`);
    }
    const problem = promotionSourceProblem(source, { key: input.key, tenantRef: input.targetTenantRef });
    // Key, scope and tenant of a record never change, but its author does: "Keep mine" makes a
    // conclusion the person's own statement. That one is a conflict with the current state.
    if (problem) throw refused(problem === 'NOT_CONCLUSION' ? 'CONFLICT' : 'INVALID', describePromotionSourceProblem(id, problem));
  }
  return ids.map((id) => byId.get(id)!);
}
