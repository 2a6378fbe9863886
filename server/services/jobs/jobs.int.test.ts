// The job table (docs/operations.md "Jobs"): runners racing for due jobs never run one twice, a
// failed job is retried with backoff and keeps its error, recurring jobs exist once however many
// instances schedule them, and quiet alerts resolve themselves. On PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set (where the two runners really hold separate connections).
import { describe, expect, it } from 'vitest';
import { PINNED_OMITTED_ALERT_KIND, RETRY_BASE_MS } from '../../domain';
import { SEED_NOW, useSeededDatabase } from '../../testing/seeded-database';
import { autoResolveAlerts } from '../alerts/auto-resolve-alerts';
import { serviceContext } from '../context';
import { enqueueJob } from './enqueue-job';
import { pruneFinishedJobs } from './prune-finished-jobs';
import { runDueJobs, type JobHandler } from './run-due-jobs';
import { RECURRING_JOBS, scheduleRecurringJobs } from './schedule-recurring-jobs';

const db = useSeededDatabase();
const at = (ms: number) => serviceContext(db.prisma, { now: () => new Date(SEED_NOW.getTime() + ms) });

async function drain(runnerId: string, handlers: Record<string, JobHandler>, ms = 0) {
  while ((await runDueJobs({ ctx: at(ms), input: { runnerId, handlers, limit: 3 } })) > 0);
}

describe('job runners', () => {
  it('two runners draining the same jobs at once run each job exactly once', async () => {
    const kind = 'test.race';
    for (let i = 0; i < 20; i += 1) await enqueueJob({ ctx: db.ctx, input: { kind, payload: { n: i }, maxAttempts: 3 } });
    const runs: { runner: string; n: number }[] = [];
    const handlers = (runner: string): Record<string, JobHandler> => ({
      [kind]: async (_ctx, job) => {
        runs.push({ runner, n: (job.payload as { n: number }).n });
        await new Promise((resolve) => setTimeout(resolve, 2));
      },
    });
    await Promise.all([drain('a', handlers('a')), drain('b', handlers('b'))]);

    expect(runs.map((run) => run.n).sort((x, y) => x - y)).toEqual([...Array(20).keys()]);
    expect(await db.prisma.job.count({ where: { kind, doneAt: null } })).toBe(0);
    expect(await db.prisma.job.count({ where: { kind, attempts: { not: 1 } } })).toBe(0);
  });

  it('a runner that is stopping finishes the job it runs and releases the ones it claimed but did not start', async () => {
    const kind = 'test.stop';
    for (let i = 0; i < 4; i += 1) await enqueueJob({ ctx: db.ctx, input: { kind, payload: { n: i }, maxAttempts: 3 } });
    let stopping = false;
    const ran: number[] = [];
    const handlers: Record<string, JobHandler> = {
      [kind]: async (_ctx, job) => {
        ran.push((job.payload as { n: number }).n);
        stopping = true; // the signal arrives while the first job runs
        await new Promise((resolve) => setTimeout(resolve, 2));
      },
    };
    expect(await runDueJobs({ ctx: at(0), input: { runnerId: 'a', handlers, limit: 10, stopping: () => stopping } })).toBe(1);
    expect(ran).toHaveLength(1);
    const rows = await db.prisma.job.findMany({ where: { kind }, orderBy: { createdAt: 'asc' } });
    expect(rows.filter((row) => row.doneAt !== null)).toHaveLength(1);
    const released = rows.filter((row) => row.doneAt === null);
    expect(released).toHaveLength(3);
    expect(released.every((row) => row.claimedBy === null && row.lockedUntil === null && row.attempts === 0)).toBe(true);
    // Another runner takes them at once, without waiting for a lease.
    const others: number[] = [];
    await drain('b', { [kind]: async (_ctx, job) => void others.push((job.payload as { n: number }).n) });
    expect([...ran, ...others].sort()).toEqual([0, 1, 2, 3]);
  });

  it('retries a failed job after a backoff, keeping its error, and gives up after its attempts', async () => {
    const kind = 'test.flaky';
    await enqueueJob({ ctx: db.ctx, input: { kind, payload: {}, maxAttempts: 3 } });
    let calls = 0;
    const handlers: Record<string, JobHandler> = {
      [kind]: async () => {
        calls += 1;
        if (calls < 3) throw new Error(`receiver down (${calls})`);
      },
    };
    await drain('a', handlers);
    const failed = await db.prisma.job.findFirstOrThrow({ where: { kind } });
    expect(failed).toMatchObject({ attempts: 1, lastError: 'receiver down (1)', doneAt: null, failedAt: null, claimedBy: null });
    expect(failed.runAt).toEqual(new Date(SEED_NOW.getTime() + RETRY_BASE_MS));

    await drain('a', handlers, RETRY_BASE_MS - 1);
    expect(calls).toBe(1);
    await drain('a', handlers, RETRY_BASE_MS);
    expect((await db.prisma.job.findFirstOrThrow({ where: { kind } })).runAt).toEqual(new Date(SEED_NOW.getTime() + 3 * RETRY_BASE_MS));
    await drain('a', handlers, 3 * RETRY_BASE_MS);
    const done = await db.prisma.job.findFirstOrThrow({ where: { kind } });
    expect(calls).toBe(3);
    expect(done).toMatchObject({ attempts: 3, lastError: 'receiver down (2)' });
    expect(done.doneAt).not.toBeNull();

    const hopeless = 'test.hopeless';
    await enqueueJob({ ctx: db.ctx, input: { kind: hopeless, payload: {}, maxAttempts: 1 } });
    await drain('a', { [hopeless]: () => Promise.reject(new Error('no')) });
    expect(await db.prisma.job.findFirstOrThrow({ where: { kind: hopeless } })).toMatchObject({
      attempts: 1,
      failedAt: SEED_NOW,
      lastError: 'no',
    });
  });

  it('schedules each recurring job once, however many instances start at once, and moves it forward after a run', async () => {
    await Promise.all([1, 2, 3].map(() => scheduleRecurringJobs({ ctx: db.ctx })));
    const kinds = RECURRING_JOBS.map((job) => job.kind);
    expect(await db.prisma.job.count({ where: { kind: { in: kinds } } })).toBe(kinds.length);

    const ran: string[] = [];
    await drain('a', Object.fromEntries(kinds.map((kind) => [kind, async () => void ran.push(kind)])));
    expect(ran.sort()).toEqual([...kinds].sort());
    for (const job of RECURRING_JOBS) {
      const row = await db.prisma.job.findUniqueOrThrow({ where: { uniqueKey: `recurring:${job.kind}` } });
      expect(row).toMatchObject({ doneAt: null, attempts: 0, runAt: new Date(SEED_NOW.getTime() + job.everyMs) });
    }
  });
});

describe('pruneFinishedJobs', () => {
  it("an instance started with other intervals (JOB_EVERY_SECONDS) writes them to the recurring jobs' rows", async () => {
    await scheduleRecurringJobs({ ctx: db.ctx });
    const kind = RECURRING_JOBS[1]!.kind;
    expect(await scheduleRecurringJobs({ ctx: db.ctx, input: { everyMs: { [kind]: 3_000 } } })).toBe(0);
    expect((await db.prisma.job.findFirstOrThrow({ where: { kind } })).payload).toEqual({ everyMs: 3_000 });
    const other = RECURRING_JOBS[0]!;
    expect((await db.prisma.job.findFirstOrThrow({ where: { kind: other.kind } })).payload).toEqual({ everyMs: other.everyMs });
    // Started again with the built-in interval named, the row takes it back.
    await scheduleRecurringJobs({ ctx: db.ctx, input: { everyMs: { [kind]: RECURRING_JOBS[1]!.everyMs } } });
    expect((await db.prisma.job.findFirstOrThrow({ where: { kind } })).payload).toEqual({ everyMs: RECURRING_JOBS[1]!.everyMs });
  });

  it('forgets jobs finished more than 30 days ago and keeps recent, pending and recurring ones', async () => {
    const day = 86_400_000;
    const job = (id: string, extra: object) => ({
      id,
      kind: 'test.prune',
      payload: {},
      runAt: SEED_NOW,
      maxAttempts: 1,
      createdAt: SEED_NOW,
      ...extra,
    });
    await db.prisma.job.createMany({
      data: [
        job('job_old_done', { doneAt: new Date(SEED_NOW.getTime() - 31 * day) }),
        job('job_old_failed', { failedAt: new Date(SEED_NOW.getTime() - 31 * day) }),
        job('job_recent', { doneAt: new Date(SEED_NOW.getTime() - 29 * day) }),
        job('job_pending', { runAt: new Date(SEED_NOW.getTime() - 40 * day) }),
      ],
    });
    expect((await pruneFinishedJobs({ ctx: db.ctx })).jobs).toBe(2);
    expect(
      (await db.prisma.job.findMany({ where: { kind: 'test.prune' }, select: { id: true }, orderBy: { id: 'asc' } })).map((row) => row.id),
    ).toEqual(['job_pending', 'job_recent']);
  });
});

describe('autoResolveAlerts', () => {
  it('resolves alerts quiet for the whole quiet period and leaves recent ones open', async () => {
    const alert = (id: string, minutesAgo: number) => ({
      id,
      tenantRef: id === 'alr_quiet' ? 'berlin' : 'global-test',
      kind: PINNED_OMITTED_ALERT_KIND,
      openedAt: new Date(SEED_NOW.getTime() - 90 * 60_000),
      lastSeenAt: new Date(SEED_NOW.getTime() - minutesAgo * 60_000),
    });
    await db.prisma.alert.updateMany({ where: { state: { not: 'resolved' } }, data: { state: 'resolved' } });
    await db.prisma.alert.createMany({ data: [alert('alr_quiet', 61), alert('alr_recent', 59)] });

    expect(await autoResolveAlerts({ ctx: db.ctx, input: { quietMinutes: 60 } })).toBe(1);
    expect(await db.prisma.alert.findUniqueOrThrow({ where: { id: 'alr_quiet' } })).toMatchObject({
      state: 'resolved',
      resolvedAt: SEED_NOW,
      resolvedBy: null,
    });
    // Nobody resolved it: its history says the quiet period did (docs/features.md "Operations").
    expect(await db.prisma.alertEvent.findFirst({ where: { alertId: 'alr_quiet', kind: 'auto_resolved' } })).not.toBeNull();
    expect(await db.prisma.alert.findUniqueOrThrow({ where: { id: 'alr_recent' } })).toMatchObject({ state: 'open', resolvedAt: null });
  });
});
