// One round of a job runner (docs/operations.md "Jobs"): claim what is due, run each job through
// its kind's handler outside any transaction, and settle it. A handler that throws leaves its error
// on the row and the job is retried with backoff.
import type { PrismaClient } from '../../db/generated/client';
import type { ServiceCall, ServiceContext } from '../context';
import { claimJobs, type ClaimedJob } from './claim-jobs';
import { releaseJobs } from './release-jobs';
import { settleJob } from './settle-job';

export type JobHandler = (ctx: ServiceContext<PrismaClient>, job: ClaimedJob) => Promise<void>;

export interface RunDueJobsInput {
  runnerId: string;
  handlers: Record<string, JobHandler>;
  /** Default 10. */
  limit?: number;
  /** How long a claim holds before another runner may take the job; default 2 minutes. */
  leaseMs?: number;
  /** Checked before each job: once true, the jobs claimed but not started are released (release-job.ts). */
  stopping?: () => boolean;
  /** Called after each job is settled (the runner's log of runs). */
  ran?: (job: ClaimedJob, error: string | null) => void;
}

export const DEFAULT_LEASE_MS = 120_000;

function message(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/** How many jobs this round ran. */
export async function runDueJobs({ ctx, input }: ServiceCall<RunDueJobsInput, PrismaClient>): Promise<number> {
  const jobs = await claimJobs({
    ctx,
    input: { runnerId: input.runnerId, limit: input.limit ?? 10, leaseMs: input.leaseMs ?? DEFAULT_LEASE_MS },
  });
  for (const [index, job] of jobs.entries()) {
    if (input.stopping?.()) {
      await releaseJobs({ ctx, input: { jobs: jobs.slice(index), runnerId: input.runnerId } });
      return index;
    }
    const handler = input.handlers[job.kind];
    let error: string | null = null;
    try {
      if (!handler) throw new Error(`No handler for jobs of kind "${job.kind}".`);
      await handler(ctx, job);
    } catch (caught) {
      error = message(caught);
    }
    await settleJob({ ctx, input: { job, runnerId: input.runnerId, error } });
    input.ran?.(job, error);
  }
  return jobs.length;
}
