// Claims due jobs for one runner (docs/operations.md "Jobs") in a short transaction: FOR UPDATE
// SKIP LOCKED lets several instances claim at once without ever taking the same row, and the lease
// (lockedUntil) hands a job to another runner only if its claimer died without settling it.
import { z } from 'zod';
import { Prisma, type PrismaClient } from '../../db/generated/client';
import { jsonColumn } from '../../db/sql-rows';
import { readRows, type ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';

export interface ClaimJobsInput {
  runnerId: string;
  limit: number;
  leaseMs: number;
}

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: unknown;
  /** Including this one. */
  attempts: number;
  maxAttempts: number;
  /** When it was due (a recurring job's due time names its run). */
  runAt: Date;
}

const DUE_ROW = z.object({ id: z.string() });
const CLAIMED_ROW = z.object({
  id: z.string(),
  kind: z.string(),
  payload: jsonColumn(z.unknown()),
  attempts: z.number(),
  maxAttempts: z.number(),
  runAt: z.date(),
});

export async function claimJobs({ ctx, input }: ServiceCall<ClaimJobsInput, PrismaClient>): Promise<ClaimedJob[]> {
  const now = ctx.now();
  const lockedUntil = new Date(now.getTime() + input.leaseMs);
  return runTransaction({
    ctx,
    input: {
      writer: null,
      work: async (txCtx) => {
        const due = await readRows(
          txCtx,
          Prisma.sql`
          SELECT "id" FROM "job"
          WHERE "doneAt" IS NULL AND "failedAt" IS NULL AND "runAt" <= ${now}
            AND ("lockedUntil" IS NULL OR "lockedUntil" <= ${now})
          ORDER BY "runAt"
          LIMIT ${input.limit}
          FOR UPDATE SKIP LOCKED`,
          DUE_ROW,
        );
        if (due.length === 0) return [];
        return readRows(
          txCtx,
          Prisma.sql`
          UPDATE "job" SET "attempts" = "attempts" + 1, "claimedBy" = ${input.runnerId}, "lockedUntil" = ${lockedUntil}
          WHERE "id" = ANY(${due.map((row) => row.id)}::text[])
          RETURNING "id", "kind", "payload", "attempts", "maxAttempts", "runAt"`,
          CLAIMED_ROW,
        );
      },
    },
  });
}
