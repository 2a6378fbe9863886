// Next.js calls register() once when a server process starts: the Node.js server starts its job
// runner here (docs/operations.md "Jobs"), unless JOB_RUNNER=off.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { config } = await import('./server/config/env');
  const settings = config();
  if (settings.JOB_RUNNER === 'off') return;
  const { getPrisma } = await import('./server/db/client');
  const { startJobRunner } = await import('./server/jobs/job-runner');
  startJobRunner(await getPrisma(), settings);
}
