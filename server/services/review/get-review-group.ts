// One review group in full: its summary and clusters, and every conclusion in it — whose, which
// wording, from which conversation (or that it is no longer available), when it last changed.
import type { GrantLike } from '../../domain';
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import { notFound } from '../../errors/domain-error';
import { readRows, type ServiceCall } from '../context';
import { listAdministeredTenants } from './list-administered-tenants';
import { toReviewGroup, type ReviewGroup } from './list-review-groups';
import { isoTimestampSql, parseJson } from '../memories/visible-winners-sql';
import { actorRefOfScopeSql, offeredSql, personalScopeSql } from '../memories/visible-rows';
import {
  GROUP_COLUMNS,
  publishedFactsSql,
  publishedScopesSql,
  queryReviewGroups,
  reviewGroupRowShape,
  wordingsSql,
} from './query-review-groups';

/** Conclusions per page of a detail, newest first; `instanceCount` says how many there are in all. */
export const DETAIL_INSTANCES = 200;
export const DETAIL_TEXTS = 200;

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
 * up to DETAIL_INSTANCES of them, and their bytes and parsing are a good part of its time).
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

/**
 * A page of one group's conclusions with their people and conversations (index
 * agent_memory_tenantRef_key_updatedAt_idx), as InstanceTuples: newest first, after the conclusion
 * (`afterAt`, `afterId`), and one more than a page so the caller knows whether another follows.
 * The person and the conversation are looked up per conclusion rather than joined: the same work,
 * with less for the planner to weigh.
 */
function reviewInstancesSql(tenantRef: Prisma.Sql, key: Prisma.Sql, afterAt: Prisma.Sql, afterId: Prisma.Sql, now: Date): Prisma.Sql {
  return Prisma.sql`
    SELECT COALESCE(json_agg(json_build_array(i."id", i."actorRef", i."personName", i."text", i."threadId" IS NOT NULL,
                                              i."title", i."updatedAt")
                             ORDER BY i."at" DESC, i."id"), '[]'::json)
      FROM (
        SELECT m."id", ${actorRefOfScopeSql('m')} AS "actorRef", m."text", m."threadId", m."updatedAt" AS "at",
               ${isoTimestampSql('m."updatedAt"')} AS "updatedAt",
               (SELECT u."name" FROM "user" u WHERE u."actorRef" = ${actorRefOfScopeSql('m')}) AS "personName",
               (SELECT t."title" FROM "thread" t WHERE t."id" = m."threadId" AND t."deletedAt" IS NULL) AS "title"
          FROM "agent_memory" m
         WHERE m."tenantRef" = ${tenantRef} AND m."key" = ${key} AND m."author" = 'agent' AND ${personalScopeSql('m')} AND ${offeredSql('m', now)}
           AND m."updatedAt" <= ${afterAt} AND (m."updatedAt" < ${afterAt} OR m."id" > ${afterId})
         ORDER BY m."updatedAt" DESC, m."id"
         LIMIT ${Prisma.raw(String(DETAIL_INSTANCES + 1))}
      ) i`;
}

/**
 * One tenant's group and a page of its conclusions in one statement: the group's row (the columns
 * reviewGroupsSql reads, from the same fragments) with the conclusions as a JSON array beside it.
 * Every page runs the same text: without `after`, the page starts after the end of time.
 * Written for one key rather than through reviewGroupsSql: it has less to plan, and planning is a
 * good part of a statement that runs in a few milliseconds.
 */
export function reviewGroupDetailSql(tenantRef: string, key: string, after: ReviewInstanceCursor | undefined, now: Date): Prisma.Sql {
  // The tenant and key reach the rest of the statement only through "args": planned without their
  // values, each run's plan costs what the prepared statement's one generic plan does, so PostgreSQL
  // keeps that plan and stops planning again (for a lookup by index whatever the key, the same plan).
  const [tenant, groupKey] = [Prisma.raw('(SELECT a."tenantRef" FROM "args" a)'), Prisma.raw('(SELECT a."key" FROM "args" a)')];
  const [afterAt, afterId] = [Prisma.raw('(SELECT a."afterAt" FROM "args" a)'), Prisma.raw('(SELECT a."afterId" FROM "args" a)')];
  return Prisma.sql`
    WITH "args" AS MATERIALIZED (SELECT ${tenantRef}::text AS "tenantRef", ${key}::text AS "key",
                                        COALESCE(${after?.updatedAt ?? null}::timestamp(3), 'infinity') AS "afterAt",
                                        COALESCE(${after?.id ?? null}::text, '') AS "afterId"),
         published_scope AS (${publishedScopesSql(tenant)})
    SELECT ${GROUP_COLUMNS}, 0::float8 AS "rank",
           (SELECT d."dismissedAt" FROM "review_dismissal" d WHERE d."tenantRef" = ${tenant} AND d."key" = ${groupKey}) AS "dismissedAt",
           (SELECT z."snoozedUntil" FROM "review_snooze" z WHERE z."tenantRef" = ${tenant} AND z."key" = ${groupKey}) AS "snoozedUntil",
           (SELECT z."seenNewestAt" FROM "review_snooze" z WHERE z."tenantRef" = ${tenant} AND z."key" = ${groupKey}) AS "seenNewestAt",
           (SELECT z."version" FROM "review_snooze" z WHERE z."tenantRef" = ${tenant} AND z."key" = ${groupKey}) AS "snoozeVersion",
           COALESCE((${publishedFactsSql(tenant, groupKey, now)}), '[]'::json) AS "published",
           COALESCE((${wordingsSql(tenant, groupKey, DETAIL_TEXTS)}), '[]'::json) AS "wordings",
           (${reviewInstancesSql(tenant, groupKey, afterAt, afterId, now)}) AS "instances"
      FROM "review_summary" s
     WHERE s."tenantRef" = ${tenant} AND s."key" = ${groupKey}
     GROUP BY s."tenantRef", s."key"`;
}

const detailRowSchema = z.object({ ...reviewGroupRowShape, instances: z.unknown() });

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
