// One review group in full: its summary and clusters, and every conclusion in it — whose, which
// wording, from which conversation (or that it is no longer available), when it last changed.
import type { GrantLike } from '../../domain';
import { notFound } from '../../errors/domain-error';
import { readRows, type ServiceCall } from '../context';
import { listAdministeredTenants } from './list-administered-tenants';
import { toReviewGroup, type ReviewGroup } from './list-review-groups';
import { parseJson } from '../memories/visible-winners-sql';
import { DETAIL_INSTANCES, detailRowSchema, reviewGroupDetailSql } from './get-review-group-sql';
import { queryReviewGroups } from './query-review-groups';

export interface GetReviewGroupInput {
  viewer: { grants: GrantLike[] };
  key: string;
  /** Needed only by administrators of several tenants whose people share the key. */
  tenantRef?: string;
  /** The `next` of the previous page: the conclusions after it. Without it, the newest. */
  after?: ReviewInstanceCursor;
}

/** Where a page of conclusions ends: the last one's time and id (they are ordered by both). */
export interface ReviewInstanceCursor {
  updatedAt: string;
  id: string;
}

export interface ReviewInstance {
  memoryId: string;
  personName: string | null;
  actorRef: string;
  text: string;
  /** Null when the conclusion names no conversation. */
  conversation: { title: string | null; available: boolean } | null;
  updatedAt: string;
}

export interface ReviewGroupDetail extends ReviewGroup {
  /** One page of conclusions, newest first (DETAIL_INSTANCES at most). */
  instances: ReviewInstance[];
  instanceCount: number;
  /** Where the next page starts (the `after` of the next call), or null on the last page. */
  next: ReviewInstanceCursor | null;
}

/**
 * A conclusion as the detail's statement writes it, compactly: a JSON array rather than an object,
 * with the conversation's state and the ISO time already worked out by PostgreSQL (a detail sends
 * up to DETAIL_INSTANCES (get-review-group-sql.ts) of them, and their bytes and parsing are a good part of its time).
 */
type InstanceTuple = [
  id: string,
  actorRef: string,
  personName: string | null,
  text: string,
  hasConversation: boolean,
  /** Null when the conversation is no longer available (a thread's title is never null). */
  conversationTitle: string | null,
  updatedAt: string,
];

export async function getReviewGroup({ ctx, input }: ServiceCall<GetReviewGroupInput>): Promise<ReviewGroupDetail> {
  const tenants = await listAdministeredTenants({ ctx, input: { viewer: input.viewer, tenantRef: input.tenantRef } });
  // With several tenants in question, the group's row says which one holds the key (the one where
  // most people hold it) first.
  const [held] =
    tenants.length === 1
      ? [{ tenantRef: tenants[0]! }]
      : await queryReviewGroups({ ctx, input: { tenants, key: input.key, sort: 'people', limit: 1, texts: 0 } });
  const [row] = held
    ? await readRows(ctx, reviewGroupDetailSql(held.tenantRef, input.key, input.after, ctx.now()), detailRowSchema, {
        preparedAs: 'review_group_detail',
      })
    : [];
  if (!row) throw notFound('That group of conclusions');
  const tuples = parseJson<InstanceTuple[]>(row.instances);
  const page = tuples.slice(0, DETAIL_INSTANCES);
  const last = tuples.length > DETAIL_INSTANCES ? page.at(-1) : undefined;
  return {
    ...toReviewGroup(row, ctx.now()),
    // One conclusion per person: the summary's count of people is the count of conclusions.
    instanceCount: row.people,
    next: last ? { updatedAt: last[6], id: last[0] } : null,
    instances: page.map(([memoryId, actorRef, personName, text, hasConversation, title, updatedAt]) => ({
      memoryId,
      actorRef,
      personName,
      text,
      conversation: hasConversation ? { title, available: title !== null } : null,
      updatedAt,
    })),
  };
}
