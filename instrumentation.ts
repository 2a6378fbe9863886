// Next.js calls register() once when a server process starts: the Node.js server starts its job
// runner here (docs/operations.md "Jobs"), unless JOB_RUNNER=off, and takes SIGTERM over for a
// graceful shutdown (docs/operations.md "Stopping an instance").
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { config } = await import('./server/config/env');
  const settings = config();
  const { installGracefulShutdown } = await import('./server/startup/graceful-shutdown');
  let stopJobs = () => Promise.resolve();
  if (settings.JOB_RUNNER === 'on') {
    const { getPrisma } = await import('./server/db/client');
    const { startJobRunner } = await import('./server/jobs/job-runner');
    const runner = startJobRunner(await getPrisma(), settings, console.error, {
      pollMs: settings.JOB_POLL_SECONDS * 1000,
      everyMs: settings.JOB_EVERY_SECONDS,
      logRuns: settings.JOB_LOG === 'runs',
    });
    stopJobs = () => runner.stop();
  }
  installGracefulShutdown({ drainMs: settings.SHUTDOWN_DRAIN_SECONDS * 1000, stopJobs });
}
