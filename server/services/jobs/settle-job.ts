// Records how a claimed job went (docs/operations.md "Jobs"). Success: done, or for a recurring job
// (payload `everyMs`) its next run; the last error stays for reading. Failure: the error is kept
// and the job runs again after a backoff (server/domain/jobs.ts retryDelayMs), until its attempts
// are used up. Only the runner holding the claim may settle it.
import { retryDelayMs } from '../../domain';
import type { ServiceCall } from '../context';
import type { ClaimedJob } from './claim-jobs';

export const MAX_ERROR_CHARS = 2000;

export interface SettleJobInput {
  job: ClaimedJob;
  runnerId: string;
  /** Null when the job succeeded. */
  error: string | null;
}

function recurringEveryMs(payload: unknown): number | null {
  const every = (payload as { everyMs?: unknown } | null)?.everyMs;
  return typeof every === 'number' && every > 0 ? every : null;
}

export async function settleJob({ ctx, input }: ServiceCall<SettleJobInput>): Promise<void> {
  const { job, runnerId, error } = input;
  const nowMs = ctx.now().getTime();
  const mine = { id: job.id, claimedBy: runnerId };
  const released = { lockedUntil: null, claimedBy: null };
  const every = recurringEveryMs(job.payload);
  if (error === null) {
    const data = every === null ? { doneAt: new Date(nowMs) } : { runAt: new Date(nowMs + every), attempts: 0 };
    await ctx.db.job.updateMany({ where: mine, data: { ...data, ...released } });
    return;
  }
  const lastError = error.slice(0, MAX_ERROR_CHARS);
  // A recurring job never gives up: it keeps its schedule and its last error.
  const exhausted = every === null && job.attempts >= job.maxAttempts;
  const data = exhausted
    ? { failedAt: new Date(nowMs) }
    : {
        runAt: new Date(nowMs + retryDelayMs(job.attempts)),
        ...(every !== null && job.attempts >= job.maxAttempts ? { attempts: 0 } : {}),
      };
  await ctx.db.job.updateMany({ where: mine, data: { ...data, lastError, ...released } });
}
