// Claims due jobs for one runner (docs/operations.md "Jobs") in a short transaction: FOR UPDATE
// SKIP LOCKED lets several instances claim at once without ever taking the same row, and the lease
// (lockedUntil) hands a job to another runner only if its claimer died without settling it.
import type { PrismaClient } from '../../db/generated/client';
import { readRows, type ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';
import { CLAIMED_ROW, claimDueJobsSql, DUE_ROW, dueJobsSql } from './claim-jobs-sql';

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
        const due = await readRows(txCtx, dueJobsSql(now, input.limit), DUE_ROW);
        if (due.length === 0) return [];
        return readRows(
          txCtx,
          claimDueJobsSql(
            input.runnerId,
            lockedUntil,
            due.map((row) => row.id),
          ),
          CLAIMED_ROW,
        );
      },
    },
  });
}
