// The statement that reads the people of an organisation the per-turn limit's forecast computes
// (forecast-ordinary-memories.ts), and the schema of its rows.
import { z } from 'zod';
import { actorScope } from '../../domain';
import { Prisma } from '../../db/generated/client';
import { offeredSql } from '../memories/visible-rows';

/** A person with their memberships in order. */
export const personSchema = z.object({ name: z.string(), actorRef: z.string(), memberships: z.array(z.string()) });

/** The first `limit` enabled people of `tenantRef`, those with the most memories of their own offered at `now` first. */
export function ordinaryPeopleSql(tenantRef: string, now: Date, limit: number): Prisma.Sql {
  return Prisma.sql`
      SELECT u."name", u."actorRef",
             coalesce((SELECT array_agg(sm."scopeToken" ORDER BY sm."position", sm."scopeToken")
                         FROM "scope_membership" sm WHERE sm."userId" = u."id"), '{}') AS "memberships"
        FROM "user" u
       WHERE u."tenantRef" = ${tenantRef} AND NOT u."disabled" AND NOT u."system"
       ORDER BY (SELECT count(*) FROM "agent_memory" m WHERE m."scope" = ${actorScope('')} || u."actorRef" AND ${offeredSql('m', now)}) DESC,
                u."name", u."id"
       LIMIT ${limit}`;
}
