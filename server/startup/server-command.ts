// How the console's production server is started: `npm start` (scripts/start.ts), the end-to-end
// consoles (e2e/support/start-consoles.ts) and the benchmark of the pages over HTTP
// (scripts/bench/page-http.ts) all run this command, so what is tested and measured is what is
// served — on the address HOST names, this machine only unless it is set.
import path from 'node:path';

/**
 * V8 flags of the server process. `--heap-growing-percent=50`: after each full collection the
 * heap may grow to 1.5 times what survived it before the next one. V8's own factor rises to 4
 * under a steady stream of requests, and with about 100 MB live, My memories at 16 callers for a
 * minute took the process to 490–700 MB of RSS; with the flag it stayed under 400 MB for a few
 * percent of throughput (docs/benchmarks.md "The server's heap"). `--single-threaded-gc`: no helper
 * threads for collections; on two cores, beside PostgreSQL, handing work to them cost more CPU than
 * it saved (0.8 ms a request for My memories and the Account page; docs/architecture.md "Node
 * flags"). Node takes V8 flags only on its command line, not in NODE_OPTIONS, hence a command of
 * our own rather than `next start`'s launcher.
 */
export const SERVER_NODE_FLAGS = ['--heap-growing-percent=50', '--single-threaded-gc'];

/**
 * V8 flags of a process that opens the embedded database (PGlite, PostgreSQL compiled to
 * WebAssembly) for a job and ends: preparing a database at start-up, `npm run db:migrate`,
 * `db:seed`, `audit:verify`, the tests. `--liftoff-only` runs WebAssembly with V8's baseline
 * compiler alone. By default V8 also recompiles every function that gets hot with its optimising
 * compiler, in background threads; PGlite's initdb makes so much of PostgreSQL hot that this cost
 * about 4 of its 10 CPU-seconds on a new folder, more than the optimised code saved before the
 * process ended (docs/architecture.md "Node flags"). A production server keeps V8's default.
 */
export const BASELINE_WASM_FLAGS = ['--liftoff-only'];

/** Where a server listens: PORT, and HOST (server/config/env.ts; this machine only unless set). */
export interface Listen {
  port: number;
  host: string;
}

/**
 * `node <flags> --require capture-servers.cjs --require compress-responses.cjs next start --port
 * <port> --hostname <host>`, run from `root`; `extraFlags` after the server's own. The first preload
 * hands the console's graceful shutdown the HTTP server and turns Next's own signal handler off
 * (graceful-shutdown.ts); the second compresses the server's answers (docs/architecture.md
 * "Compression").
 */
export function nextStartCommand(root: string, { port, host }: Listen, extraFlags: string[] = []): { command: string; args: string[] } {
  const next = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  return {
    command: process.execPath,
    args: [
      ...SERVER_NODE_FLAGS,
      ...extraFlags,
      '--require',
      path.join(root, 'server', 'startup', 'capture-servers.cjs'),
      '--require',
      path.join(root, 'server', 'startup', 'compress-responses.cjs'),
      next,
      'start',
      '--port',
      String(port),
      '--hostname',
      host,
    ],
  };
}

/** `next dev` on the same address as `nextStartCommand` (`npm run dev`). */
export function nextDevCommand(root: string, { port, host }: Listen): { command: string; args: string[] } {
  return { command: path.join(root, 'node_modules', '.bin', 'next'), args: ['dev', '--port', String(port), '--hostname', host] };
}
