// The job runner inside each app process (docs/operations.md "Jobs"): schedules the recurring jobs
// (a no-op when another instance already did), then every few seconds claims and runs what is due.
// Everything it knows lives in the job table, so any number of instances can run one each.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { PrismaClient } from '../db/generated/client';
import { serviceContext } from '../services/context';
import { runDueJobs } from '../services/jobs/run-due-jobs';
import { scheduleRecurringJobs } from '../services/jobs/schedule-recurring-jobs';
import { jobHandlers, type JobSettings } from './job-handlers';

export const POLL_INTERVAL_MS = 5_000;

export interface JobRunner {
  id: string;
  stop(): Promise<void>;
}

export function startJobRunner(prisma: PrismaClient, settings: JobSettings, log: (line: string) => void = console.error): JobRunner {
  const id = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const ctx = serviceContext(prisma);
  const handlers = jobHandlers(settings);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();

  const tick = async () => {
    try {
      // Drain what is due before waiting again.
      while (!stopped && (await runDueJobs({ ctx, input: { runnerId: id, handlers } })) > 0);
    } catch (error) {
      log(`[jobs] ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!stopped)
      timer = setTimeout(() => {
        round = tick();
      }, POLL_INTERVAL_MS);
  };
  round = scheduleRecurringJobs({ ctx })
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
