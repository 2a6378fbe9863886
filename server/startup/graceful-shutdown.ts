// Graceful shutdown of a console process (docs/operations.md "Stopping an instance"). On SIGTERM
// (or SIGINT) the instance:
//   1. reports itself draining at once: GET /api/health/ready answers 503, so a load balancer's
//      health check takes it out, while it still serves for SHUTDOWN_DRAIN_SECONDS (the time that
//      check needs to notice), each response closing its connection;
//   2. stops its job runner from claiming: the job it runs finishes, the ones it had claimed but
//      not started go back to the queue for another instance (server/jobs/job-runner.ts);
//   3. stops listening, finishes the requests in flight, closes idle connections;
//   4. exits, within SHUTDOWN_DEADLINE_MS of the signal whatever is still running.
// The servers come from server/startup/capture-servers.cjs, which `next start` is run with; the
// state lives on globalThis because Next bundles instrumentation.ts and the routes separately.
import type { Server } from 'node:http';

export const SHUTDOWN_DEADLINE_MS = 9_500;
/** A second signal at least this long after the first exits at once. */
export const SECOND_SIGNAL_MS = 1_000;

const STATE = Symbol.for('memory-console.shutdown');
const SERVERS = Symbol.for('memory-console.http-servers');
const INSTALLED = Symbol.for('memory-console.shutdown-installed');

interface ShutdownState {
  draining: boolean;
}

type Globals = Record<symbol, unknown>;

function state(): ShutdownState {
  const globals = globalThis as unknown as Globals;
  globals[STATE] ??= { draining: false };
  return globals[STATE] as ShutdownState;
}

/** Whether this process has been told to stop (GET /api/health/ready answers 503). */
export function isDraining(): boolean {
  return state().draining;
}

/** The HTTP servers capture-servers.cjs saw created (none when the server was started otherwise). */
export function capturedServers(): Server[] {
  return ((globalThis as unknown as Globals)[SERVERS] as Server[] | undefined) ?? [];
}

export interface ShutdownOptions {
  servers: Server[];
  drainMs: number;
  /** Stops the job runner: resolves once its current job is settled and its other claims released. */
  stopJobs: () => Promise<void>;
  deadlineMs?: number;
  log?: (line: string) => void;
  exit?: (code: number) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs the shutdown described above; resolves with the exit code it hands to `exit`. */
export async function shutDown(options: ShutdownOptions): Promise<number> {
  const { servers, drainMs, stopJobs, deadlineMs = SHUTDOWN_DEADLINE_MS, log = console.error, exit = process.exit } = options;
  const started = Date.now();
  state().draining = true;
  // From now on every response closes its connection: a client (or the load balancer) opens its
  // next one elsewhere instead of finding this one closed under it.
  for (const server of servers) {
    server.prependListener('request', (_request, response) => {
      response.shouldKeepAlive = false;
    });
  }
  log(`[shutdown] draining: /api/health/ready answers 503; serving ${drainMs} ms more, then closing`);
  const deadline = new Promise<'deadline'>((resolve) => setTimeout(() => resolve('deadline'), deadlineMs).unref());
  const jobs = stopJobs().catch((error: unknown) => log(`[shutdown] the job runner did not stop cleanly: ${String(error)}`));
  const closed = (async () => {
    await sleep(drainMs);
    await Promise.all([
      ...servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            if (!server.listening) return resolve();
            // A connection whose last request was in flight at the signal goes idle later.
            const idle = setInterval(() => server.closeIdleConnections(), 100).unref();
            server.close(() => {
              clearInterval(idle);
              resolve();
            });
            server.closeIdleConnections();
          }),
      ),
      jobs,
    ]);
  })();
  const outcome = await Promise.race([closed.then(() => 'done' as const), deadline]);
  const code = outcome === 'done' ? 0 : 1;
  log(
    outcome === 'done'
      ? `[shutdown] stopped after ${Date.now() - started} ms`
      : `[shutdown] ${deadlineMs} ms passed with work still running; exiting anyway`,
  );
  exit(code);
  return code;
}

/** Takes SIGTERM and SIGINT over (once per process); a second signal a second or more later exits at once. */
export function installGracefulShutdown(options: Omit<ShutdownOptions, 'servers'> & { servers?: Server[] }): void {
  const globals = globalThis as unknown as Globals;
  // Only under capture-servers.cjs (the production server command); `next dev` keeps Next's handler.
  if (globals[INSTALLED] || (!options.servers && !globals[SERVERS])) return;
  globals[INSTALLED] = true;
  let firstAt: number | null = null;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (firstAt !== null) {
        // Ctrl-C under `npm start` reaches the server twice at once (from the terminal and passed
        // on by scripts/start.ts): only a signal a second later means "now".
        if (Date.now() - firstAt >= SECOND_SIGNAL_MS) (options.exit ?? process.exit)(1);
        return;
      }
      firstAt = Date.now();
      void shutDown({ ...options, servers: options.servers ?? capturedServers() });
    });
  }
}
