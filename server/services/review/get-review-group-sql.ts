// The statement behind one review group in full (get-review-group.ts): the group's row with a page
// of its conclusions, and the schema of its row.
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import { isoTimestampSql } from '../memories/visible-winners-sql';
import { actorRefOfScopeSql, offeredSql, personalScopeSql } from '../memories/visible-rows';
import type { ReviewInstanceCursor } from './get-review-group';
import { GROUP_COLUMNS, publishedFactsSql, publishedScopesSql, reviewGroupRowShape, wordingsSql } from './query-review-groups-sql';

/** Conclusions per page of a detail, newest first; `instanceCount` says how many there are in all. */
export const DETAIL_INSTANCES = 200;
export const DETAIL_TEXTS = 200;

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

/** The group's row with its page of conclusions (InstanceTuples, as JSON). */
export const detailRowSchema = z.object({ ...reviewGroupRowShape, instances: z.unknown() });
