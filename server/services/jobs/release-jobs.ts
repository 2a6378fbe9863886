// Hands claimed jobs back to the queue unrun (docs/operations.md "Stopping an instance"): a runner
// that is shutting down releases what it claimed but did not start, so another instance runs it at
// its due time instead of after the lease. The attempt the claim counted is given back. Only the
// runner holding the claim may release it.
import type { ServiceCall } from '../context';
import type { ClaimedJob } from './claim-jobs';

export interface ReleaseJobsInput {
  jobs: ClaimedJob[];
  runnerId: string;
}

/** How many were released. */
export async function releaseJobs({ ctx, input }: ServiceCall<ReleaseJobsInput>): Promise<number> {
  if (input.jobs.length === 0) return 0;
  const released = await ctx.db.job.updateMany({
    where: { id: { in: input.jobs.map((job) => job.id) }, claimedBy: input.runnerId },
    data: { claimedBy: null, lockedUntil: null, attempts: { decrement: 1 } },
  });
  return released.count;
}
