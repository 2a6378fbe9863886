// The job runner inside each app process (docs/operations.md "Jobs"): schedules the recurring jobs
// (a no-op when another instance already did), then every few seconds claims and runs what is due.
// Everything it knows lives in the job table, so any number of instances can run one each.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { PrismaClient } from '../db/generated/client';
import { serviceContext } from '../services/context';
import type { ClaimedJob } from '../services/jobs/claim-jobs';
import { runDueJobs } from '../services/jobs/run-due-jobs';
import { scheduleRecurringJobs } from '../services/jobs/schedule-recurring-jobs';
import { jobHandlers, type JobSettings } from './job-handlers';

export const POLL_INTERVAL_MS = 5_000;

export interface JobRunnerOptions {
  /** How long the runner waits between rounds (JOB_POLL_SECONDS); default POLL_INTERVAL_MS. */
  pollMs?: number;
  /** The recurring jobs' intervals by kind (JOB_EVERY_SECONDS), where they differ from RECURRING_JOBS. */
  everyMs?: Record<string, number>;
  /** Log a line per job run (JOB_LOG=runs): `[jobs] ran <kind> due <time> on <runner>`. */
  logRuns?: boolean;
}

export interface JobRunner {
  id: string;
  /** Claims nothing more; resolves once the job running is settled and the other claims are released. */
  stop(): Promise<void>;
}

export function startJobRunner(
  prisma: PrismaClient,
  settings: JobSettings,
  log: (line: string) => void = console.error,
  options: JobRunnerOptions = {},
): JobRunner {
  const id = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const ctx = serviceContext(prisma);
  const handlers = jobHandlers(settings);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  const ran = options.logRuns
    ? (job: ClaimedJob, error: string | null) =>
        log(`[jobs] ran ${job.kind} due ${job.runAt.toISOString()} on ${id}${error === null ? '' : ` (failed: ${error})`}`)
    : undefined;

  const tick = async () => {
    try {
      // Drain what is due before waiting again.
      while (!stopped && (await runDueJobs({ ctx, input: { runnerId: id, handlers, stopping: () => stopped, ran } })) > 0);
    } catch (error) {
      log(`[jobs] ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!stopped)
      timer = setTimeout(() => {
        round = tick();
      }, options.pollMs ?? POLL_INTERVAL_MS);
  };
  round = scheduleRecurringJobs({ ctx, input: { everyMs: options.everyMs } })
    .catch((error: unknown) =>
      log(`[jobs] could not schedule the recurring jobs: ${error instanceof Error ? error.message : String(error)}`),
    )
    .then(tick);

  return {
    id,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
