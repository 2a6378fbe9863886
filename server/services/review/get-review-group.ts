// One review group in full: its summary and clusters, and every conclusion in it — whose, which
// wording, from which conversation (or that it is no longer available), when it last changed.
import type { GrantLike } from '../../auth/administers';
import { Prisma } from '../../db/generated/client';
import { notFound } from '../../errors/domain-error';
import { readRows, type ServiceCall } from '../context';
import { listAdministeredTenants } from './list-administered-tenants';
import { toReviewGroup, type ReviewGroup } from './list-review-groups';
import { parseJson } from '../memories/visible-winners-sql';
import { queryReviewGroups, reviewGroupsSql, type ReviewGroupRow } from './query-review-groups';

/** Conclusions listed in a detail, newest first; `instanceCount` says how many there are in all. */
export const DETAIL_INSTANCES = 200;
export const DETAIL_TEXTS = 200;

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
  /** Null when the conclusion names no conversation. */
  conversation: { title: string | null; available: boolean } | null;
  updatedAt: string;
}

export interface ReviewGroupDetail extends ReviewGroup {
  instances: ReviewInstance[];
  instanceCount: number;
}

interface InstanceRow {
  id: string;
  actorRef: string;
  personName: string | null;
  text: string;
  threadId: string | null;
  threadTitle: string | null;
  threadAvailable: boolean;
  updatedAt: Date;
}

/** The newest conclusions of one group with their people and conversations (index agent_memory_tenantRef_key_updatedAt_idx). */
export function reviewInstancesSql(group: { tenantRef: string; key: string }): Prisma.Sql {
  return Prisma.sql`
    SELECT m."id", substr(m."scope", 7) AS "actorRef", u."name" AS "personName", m."text", m."threadId",
           t."title" AS "threadTitle", (t."id" IS NOT NULL AND t."deletedAt" IS NULL) AS "threadAvailable", m."updatedAt"
      FROM "agent_memory" m
      LEFT JOIN "user" u ON u."actorRef" = substr(m."scope", 7)
      LEFT JOIN "thread" t ON t."id" = m."threadId"
     WHERE m."tenantRef" = ${group.tenantRef} AND m."key" = ${group.key} AND m."author" = 'agent' AND m."scope" LIKE 'actor:%'
     ORDER BY m."updatedAt" DESC, m."id"
     LIMIT ${DETAIL_INSTANCES}`;
}

/**
 * One tenant's group and its newest conclusions in one statement: the group's row (as
 * reviewGroupsSql reads it) with the conclusions as a JSON array beside it.
 */
export function reviewGroupDetailSql(tenantRef: string, key: string): Prisma.Sql {
  return Prisma.sql`
    WITH "group" AS (${reviewGroupsSql({ tenants: [tenantRef], key, sort: 'people', limit: 1, texts: DETAIL_TEXTS })})
    SELECT g.*, (SELECT COALESCE(json_agg(i ORDER BY i."updatedAt" DESC, i."id"), '[]'::json) FROM (${reviewInstancesSql({ tenantRef, key })}) i) AS "instances"
      FROM "group" g`;
}

/** A conclusion as json_agg writes it: the timestamp without its zone, which is UTC. */
type InstanceJson = Omit<InstanceRow, 'updatedAt'> & { updatedAt: string };

export async function getReviewGroup({ ctx, input }: ServiceCall<GetReviewGroupInput>): Promise<ReviewGroupDetail> {
  const tenants = await listAdministeredTenants({ ctx, input: { viewer: input.viewer, tenantRef: input.tenantRef } });
  // With one tenant in question, the group and its conclusions are read at once; with several, the
  // group's row says which tenant holds the key (the one where most people hold it).
  let row: ReviewGroupRow | undefined;
  let instances: InstanceRow[];
  if (tenants.length === 1) {
    const [detail] = await readRows<ReviewGroupRow & { instances: unknown }>(ctx, reviewGroupDetailSql(tenants[0]!, input.key));
    row = detail;
    instances = parseJson<InstanceJson[]>(detail?.instances ?? []).map((instance) => ({ ...instance, updatedAt: new Date(`${instance.updatedAt}Z`) }));
  } else {
    [row] = await queryReviewGroups({ ctx, input: { tenants, key: input.key, sort: 'people', limit: 1, texts: DETAIL_TEXTS } });
    instances = row ? await readRows<InstanceRow>(ctx, reviewInstancesSql(row)) : [];
  }
  if (!row) throw notFound('That group of conclusions');
  return {
    ...toReviewGroup(row),
    // One conclusion per person: the summary's count of people is the count of conclusions.
    instanceCount: row.people,
    instances: instances.map((instance) => ({
      memoryId: instance.id,
      actorRef: instance.actorRef,
      personName: instance.personName,
      text: instance.text,
      conversation: instance.threadId ? { title: instance.threadAvailable ? instance.threadTitle : null, available: instance.threadAvailable } : null,
      updatedAt: instance.updatedAt.toISOString(),
    })),
  };
}
