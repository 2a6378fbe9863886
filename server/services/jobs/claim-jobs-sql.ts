// The statements that claim due jobs for one runner (claim-jobs.ts), and the schemas of their rows.
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import { jsonColumn } from '../../db/sql-rows';

/** A due job's id. */
export const DUE_ROW = z.object({ id: z.string() });
/** A claimed job. */
export const CLAIMED_ROW = z.object({
  id: z.string(),
  kind: z.string(),
  payload: jsonColumn(z.unknown()),
  attempts: z.number(),
  maxAttempts: z.number(),
  runAt: z.date(),
});

/** Locks (skipping locked ones) up to `limit` jobs due at `now` and not leased, oldest due first. */
export function dueJobsSql(now: Date, limit: number): Prisma.Sql {
  return Prisma.sql`
          SELECT "id" FROM "job"
          WHERE "doneAt" IS NULL AND "failedAt" IS NULL AND "runAt" <= ${now}
            AND ("lockedUntil" IS NULL OR "lockedUntil" <= ${now})
          ORDER BY "runAt"
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED`;
}

/** Leases the jobs `ids` to `runnerId` until `lockedUntil`, counting the attempt, and reads them. */
export function claimDueJobsSql(runnerId: string, lockedUntil: Date, ids: string[]): Prisma.Sql {
  return Prisma.sql`
          UPDATE "job" SET "attempts" = "attempts" + 1, "claimedBy" = ${runnerId}, "lockedUntil" = ${lockedUntil}
          WHERE "id" = ANY(${ids}::text[])
          RETURNING "id", "kind", "payload", "attempts", "maxAttempts", "runAt"`;
}
