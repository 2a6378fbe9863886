// Claims due jobs for one runner (docs/operations.md "Jobs") in a short transaction: FOR UPDATE
// SKIP LOCKED lets several instances claim at once without ever taking the same row, and the lease
// (lockedUntil) hands a job to another runner only if its claimer died without settling it.
import type { PrismaClient } from '../../db/generated/client';
import type { ServiceCall } from '../context';
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

export async function claimJobs({ ctx, input }: ServiceCall<ClaimJobsInput, PrismaClient>): Promise<ClaimedJob[]> {
  const now = ctx.now();
  const lockedUntil = new Date(now.getTime() + input.leaseMs);
  return runTransaction({
    ctx,
    input: {
      writer: null,
      work: async (txCtx) => {
        const tx = txCtx.db;
        const due = await tx.$queryRaw<{ id: string }[]>`
          SELECT "id" FROM "job"
          WHERE "doneAt" IS NULL AND "failedAt" IS NULL AND "runAt" <= ${now}
            AND ("lockedUntil" IS NULL OR "lockedUntil" <= ${now})
          ORDER BY "runAt"
          LIMIT ${input.limit}
          FOR UPDATE SKIP LOCKED`;
        if (due.length === 0) return [];
        return tx.$queryRaw<ClaimedJob[]>`
          UPDATE "job" SET "attempts" = "attempts" + 1, "claimedBy" = ${input.runnerId}, "lockedUntil" = ${lockedUntil}
          WHERE "id" = ANY(${due.map((row) => row.id)}::text[])
          RETURNING "id", "kind", "payload", "attempts", "maxAttempts", "runAt"`;
      },
    },
  });
}
