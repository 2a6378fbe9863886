// One review group in full: its summary and clusters, and every conclusion in it — whose, which
// wording, from which conversation (or that it is no longer available), when it last changed.
import type { GrantLike } from '../../auth/administers';
import { notFound } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import { loadThreads } from '../memories/load-threads';
import { listAdministeredTenants } from './list-administered-tenants';
import { groupId, loadReviewClusters } from './load-review-clusters';
import { toReviewGroup, type ReviewGroup } from './list-review-groups';
import { queryReviewGroups } from './query-review-groups';

/** Conclusions listed in a detail, newest first; `instanceCount` says how many there are in all. */
export const DETAIL_INSTANCES = 200;
const DETAIL_TEXTS = 200;

export interface GetReviewGroupInput {
  viewer: { grants: GrantLike[] };
  key: string;
  /** Needed only by administrators of several tenants whose people share the key. */
  tenantRef?: string;
}

export interface ReviewInstance {
  memoryId: string;
  personName: string | null;
  actorRef: string;
  text: string;
  conversation: { title: string | null; available: boolean } | null;
  updatedAt: string;
}

export interface ReviewGroupDetail extends ReviewGroup {
  instances: ReviewInstance[];
  instanceCount: number;
}

export async function getReviewGroup({ ctx, input }: ServiceCall<GetReviewGroupInput>): Promise<ReviewGroupDetail> {
  const tenants = await listAdministeredTenants({ ctx, input: { viewer: input.viewer, tenantRef: input.tenantRef } });
  const [row] = await queryReviewGroups({ ctx, input: { tenants, key: input.key, sort: 'people', limit: 1 } });
  if (!row) throw notFound('That group of conclusions');
  const where = { tenantRef: row.tenantRef, key: row.key, author: 'agent' as const, scope: { startsWith: 'actor:' } };
  const [memories, instanceCount, clusters] = await Promise.all([
    ctx.db.agentMemory.findMany({
      where,
      orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }],
      take: DETAIL_INSTANCES,
      select: { id: true, scope: true, text: true, threadId: true, updatedAt: true },
    }),
    ctx.db.agentMemory.count({ where }),
    loadReviewClusters({ ctx, input: { groups: [row], perGroup: DETAIL_TEXTS } }),
  ]);
  const actorRefs = memories.map((memory) => memory.scope.slice('actor:'.length));
  const [people, threads] = await Promise.all([
    ctx.db.user.findMany({ where: { actorRef: { in: actorRefs } }, select: { actorRef: true, name: true } }),
    loadThreads({ ctx, input: { threadIds: memories.flatMap((memory) => (memory.threadId ? [memory.threadId] : [])) } }),
  ]);
  const names = new Map(people.map((person) => [person.actorRef, person.name]));
  return {
    ...toReviewGroup(row, clusters.get(groupId(row)) ?? []),
    instanceCount,
    instances: memories.map((memory, index) => {
      const thread = memory.threadId ? threads.get(memory.threadId) : undefined;
      return {
        memoryId: memory.id,
        actorRef: actorRefs[index]!,
        personName: names.get(actorRefs[index]!) ?? null,
        text: memory.text,
        conversation: thread ? { title: thread.title, available: thread.exists } : null,
        updatedAt: memory.updatedAt.toISOString(),
      };
    }),
  };
}
