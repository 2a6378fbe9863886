// The runner each server process starts (docs/operations.md "Jobs"): it schedules the recurring
// jobs, runs them when due, and stops cleanly. Two runners started together schedule each job once.
import { describe, expect, it } from 'vitest';
import { useSeededDatabase } from '../testing/seeded-database';
import { RECURRING_JOBS } from '../services/jobs/schedule-recurring-jobs';
import { startJobRunner } from './job-runner';

const db = useSeededDatabase();

async function until(condition: () => Promise<boolean>) {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('startJobRunner', () => {
  it('schedules the recurring jobs once, runs them, and stops', async () => {
    const settings = { RUNTIME_EVENT_RETENTION_DAYS: 14, ALERT_QUIET_MINUTES: 60 };
    const errors: string[] = [];
    const runners = [
      startJobRunner(db.prisma, settings, (line) => errors.push(line)),
      startJobRunner(db.prisma, settings, (line) => errors.push(line)),
    ];
    expect(runners[0]!.id).not.toBe(runners[1]!.id);
    const kinds = RECURRING_JOBS.map((job) => job.kind);
    // Both have run once each recurring job has been moved past now.
    await until(async () => (await db.prisma.job.count({ where: { kind: { in: kinds }, runAt: { gt: new Date() } } })) === kinds.length);
    await Promise.all(runners.map((runner) => runner.stop()));

    expect(await db.prisma.job.count({ where: { kind: { in: kinds } } })).toBe(kinds.length);
    expect(await db.prisma.job.count({ where: { kind: { in: kinds }, lastError: { not: null } } })).toBe(0);
    expect(errors).toEqual([]);
  });
});
