// The statements of the conclusions' lifetime: the forecast's count (forecast-conclusion-lifetime.ts)
// and the action's update (apply-conclusion-lifetime.ts), with the schema of the count's row.
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import { notExpiredSql, personalScopeSql } from '../memories/visible-rows';

/** How many conclusions have no expiry, and how many of those changed last before the cutoff. */
export const lifetimeCountRowSchema = z.object({ without: z.number(), now: z.number() });

/** Counts `tenantRef`'s unexpired conclusions without an expiry, and those last changed at or before `cutoff`. */
export function lifetimeCountSql(tenantRef: string, cutoff: Date): Prisma.Sql {
  return Prisma.sql`
    SELECT count(*)::int AS "without", count(*) FILTER (WHERE m."updatedAt" <= ${cutoff})::int AS "now"
      FROM "agent_memory" m
     WHERE m."tenantRef" = ${tenantRef} AND m."author" = 'agent' AND ${personalScopeSql('m')}
       AND m."expiresAt" IS NULL AND ${notExpiredSql('m')}`;
}

/** Gives `tenantRef`'s unexpired conclusions without an expiry one: their last change plus `days`. */
export function applyLifetimeSql(tenantRef: string, days: number): Prisma.Sql {
  return Prisma.sql`
          UPDATE "agent_memory" m SET "expiresAt" = m."updatedAt" + make_interval(days => ${days}::int)
           WHERE m."tenantRef" = ${tenantRef} AND m."author" = 'agent' AND ${personalScopeSql('m')}
             AND m."expiresAt" IS NULL AND ${notExpiredSql('m')}`;
}
