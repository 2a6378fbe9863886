// The recurring jobs (docs/operations.md "Jobs"): one row each, under a fixed unique key, so every
// instance may call this at start and still only one row per job exists.
import type { ServiceCall } from '../context';
import { enqueueJob } from './enqueue-job';

export const PRUNE_DIAGNOSTICS_JOB = 'diagnostics.prune';
export const AUTO_RESOLVE_ALERTS_JOB = 'alerts.auto-resolve';
/** Expired memories move to `expired`, and are deleted 30 days later (services/life/sweep-expired-memories.ts). */
export const SWEEP_EXPIRED_MEMORIES_JOB = 'memories.sweep-expired';

export const RECURRING_JOBS = [
  { kind: PRUNE_DIAGNOSTICS_JOB, everyMs: 15 * 60_000 },
  { kind: AUTO_RESOLVE_ALERTS_JOB, everyMs: 60_000 },
  { kind: SWEEP_EXPIRED_MEMORIES_JOB, everyMs: 60_000 },
] as const;

export interface ScheduleRecurringJobsInput {
  /** Intervals by kind that replace RECURRING_JOBS' (JOB_EVERY_SECONDS); a row already there takes the new one. */
  everyMs?: Record<string, number>;
}

/** How many were added (0 once they exist). */
export async function scheduleRecurringJobs({
  ctx,
  input,
}: Omit<ServiceCall<undefined>, 'input'> & { input?: ScheduleRecurringJobsInput }): Promise<number> {
  let added = 0;
  for (const job of RECURRING_JOBS) {
    const everyMs = input?.everyMs?.[job.kind] ?? job.everyMs;
    const uniqueKey = `recurring:${job.kind}`;
    const fresh = await enqueueJob({ ctx, input: { kind: job.kind, uniqueKey, payload: { everyMs }, maxAttempts: 5 } });
    if (fresh) added += 1;
    else if (input?.everyMs?.[job.kind] !== undefined)
      await ctx.db.job.updateMany({ where: { uniqueKey }, data: { payload: { everyMs } } });
  }
  return added;
}
