// The statement that lists the people's own values overriding a fact (list-fact-overrides.ts),
// and the schema of its rows.
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import { actorRefOfScopeSql } from '../memories/visible-rows';
import { overrideJoin } from './override-join-sql';

/** A person's own value overriding the fact, with the person's name. */
export const overrideRowSchema = z.object({
  id: z.string(),
  scope: z.string(),
  text: z.string(),
  author: z.string(),
  updatedAt: z.date(),
  name: z.string().nullable(),
});

/** The first `limit` values overriding fact `factId` (by person's name), as `tenants` (null: all) may see them at `now`. */
export function factOverridesSql(tenants: string[] | null, now: Date, factId: string, limit: number): Prisma.Sql {
  return Prisma.sql`
    SELECT m."id", m."scope", m."text", m."author"::text AS author, m."updatedAt", u."name"
    FROM "agent_memory" f
    JOIN "agent_memory" m ON ${overrideJoin(tenants, now)}
    LEFT JOIN "user" u ON u."actorRef" = ${actorRefOfScopeSql('m')}
    WHERE f."id" = ${factId}
    ORDER BY u."name", m."id" LIMIT ${limit}`;
}
