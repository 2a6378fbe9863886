// The statement behind "Due for review" (list-due-facts.ts), and the schema of its rows.
import { DEFAULT_REVIEW_INTERVAL_DAYS } from '../../domain';
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import { offeredSql, sharedScopeSql } from '../memories/visible-rows';

/** A shared fact with what its review date is computed from. */
export const dueFactRowSchema = z.object({
  id: z.string(),
  scope: z.string(),
  key: z.string(),
  text: z.string(),
  pinned: z.boolean(),
  version: z.number(),
  tenantRef: z.string().nullable(),
  updatedAt: z.date(),
  confirmedAt: z.date().nullable(),
  reviewAt: z.date().nullable(),
  expiresAt: z.date().nullable(),
  interval: z.number(),
});

/** The first `limit` shared facts offered at `now` whose review date has passed (as reviewDueAt computes it), oldest first. */
export function dueFactsSql(now: Date, limit: number): Prisma.Sql {
  return Prisma.sql`
    SELECT m."id", m."scope", m."key", m."text", m."pinned", m."version", m."tenantRef", m."updatedAt", m."confirmedAt",
           m."reviewAt", m."expiresAt", COALESCE(t."reviewIntervalDays", ${DEFAULT_REVIEW_INTERVAL_DAYS}::int) AS "interval"
      FROM "agent_memory" m LEFT JOIN "tenant" t ON t."ref" = m."tenantRef"
     WHERE ${sharedScopeSql('m')} AND ${offeredSql('m', now)}
       AND COALESCE(m."reviewAt", GREATEST(m."updatedAt", COALESCE(m."confirmedAt", m."updatedAt"))
             + make_interval(days => COALESCE(t."reviewIntervalDays", ${DEFAULT_REVIEW_INTERVAL_DAYS}::int))) <= ${now}
     ORDER BY m."updatedAt", m."id"
     LIMIT ${limit}`;
}
