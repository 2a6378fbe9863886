// `npm test`: typecheck and lint (side by side), unit + integration tests, then end-to-end tests
// against a production build — in that order, stopping at the first failure, with a summary line
// at the end.
// What can be known at once (is there a Chromium for the end-to-end tests?) is checked first.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { missingChromium } from '../e2e/chromium';
import { e2ePorts } from '../e2e/support/consoles';
import { config } from '../server/config/env';
import { postgresServerCpuSeconds, postmasterOf, startCpuMeter } from '../server/startup/cpu-time';
import { checkPortFree } from '../server/startup/preflight';
import { BASELINE_WASM_FLAGS } from '../server/startup/server-command';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });

interface Summary {
  passed: number;
  failed: number;
  skipped: number;
}

const totals: Summary = { passed: 0, failed: 0, skipped: 0 };

// Output redirected to a file or a CI log gets no colour codes from the tools below.
if (!process.stdout.isTTY) {
  process.env.NO_COLOR = '1';
  process.env.FORCE_COLOR = '0';
}

/** Wall and CPU seconds of each step, printed at the end (docs/testing.md "Test time"). */
const costs: { title: string; seconds: string; cpu: number | null }[] = [];
const cpu = startCpuMeter('memory-console-test');
let cpuMark = cpu.read();
/** CPU-seconds the steps' processes used since the last call. */
function cpuSinceMark(): number | null {
  const now = cpu.read();
  const spent = now === null || cpuMark === null ? null : now - cpuMark;
  cpuMark = now;
  return spent;
}
const cpuText = (cpu: number | null) => (cpu === null ? '' : `, ${cpu.toFixed(1)} CPU-s`);

/** A step failed: says so, with the totals so far, and ends the run with its status. */
function stopHere(title: string, seconds: string, status: number, summary?: Summary | null): never {
  if (summary) console.log(`${title}: ${summary.passed} passed, ${summary.failed} failed`);
  console.error(`\n✗ ${title} failed after ${seconds}s; later steps were not run.`);
  if (summary) console.log(`total: ${totals.passed + summary.passed} passed, ${Math.max(1, totals.failed + summary.failed)} failed`);
  else console.log(`total: ${totals.passed} passed, 1 failed`);
  process.exit(status);
}

function step(title: string, command: string, args: string[], summarize?: () => Summary | null) {
  console.log(`\n━━ ${title} ━━`);
  const started = Date.now();
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const spent = cpuSinceMark();
  costs.push({ title, seconds, cpu: spent });
  const summary = summarize?.();
  if (run.status !== 0) stopHere(title, seconds, run.status ?? 1, summary);
  if (summary) {
    totals.passed += summary.passed;
    totals.failed += summary.failed;
    totals.skipped += summary.skipped;
    console.log(`${title}: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped (${seconds}s${cpuText(spent)})`);
  } else {
    console.log(`✓ ${title} (${seconds}s${cpuText(spent)})`);
  }
}

interface Command {
  title: string;
  command: string;
  args: string[];
}

/**
 * Commands that each use one core (tsc, ESLint), run side by side: on two cores that takes the
 * longer one's time instead of the sum. Each one's output is printed as it ends, whole; the first
 * to fail stops the others and the run.
 */
async function together(commands: Command[]): Promise<void> {
  console.log(`\n━━ ${commands.map((command) => command.title).join(' and ')}, side by side ━━`);
  const started = Date.now();
  const runs = commands.map(({ title, command, args }) => {
    const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    const ended = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
    return { title, child, output, ended };
  });
  await Promise.all(
    runs.map(async ({ title, child, output, ended }) => {
      const code = await ended;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n── ${title} ──`);
      process.stdout.write(Buffer.concat(output));
      if (code === 0) {
        console.log(`✓ ${title} (${seconds}s)`);
        return;
      }
      for (const other of runs) if (other.child !== child && other.child.exitCode === null) other.child.kill('SIGTERM');
      stopHere(title, seconds, code);
    }),
  );
  // One process's CPU cannot be told from the other's once both have ended: the pair's is counted.
  costs.push({
    title: commands.map((command) => command.title).join(' + '),
    seconds: ((Date.now() - started) / 1000).toFixed(1),
    cpu: cpuSinceMark(),
  });
}

function readJson(file: string) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

const postgresNote = config().TEST_DATABASE_URL
  ? 'PostgreSQL: integration tests run on TEST_DATABASE_URL too.'
  : 'PostgreSQL: skipped (set TEST_DATABASE_URL to a PostgreSQL database to run the integration tests on PostgreSQL too).';
console.log(postgresNote);
const missing = missingChromium();
if (missing) {
  console.error(`✗ ${missing}\nNothing was run: the end-to-end tests need it.`);
  console.log('total: 0 passed, 1 failed');
  process.exit(1);
}

// The end-to-end consoles' ports, before minutes of other steps: a console left running on one
// would otherwise fail Playwright at the end with a bare EADDRINUSE.
for (const port of e2ePorts()) {
  try {
    await checkPortFree(port, config().HOST, 'E2E_PORT');
  } catch (error) {
    console.error(
      `✗ ${(error as Error).message}\nNothing was run: the end-to-end tests' consoles listen on E2E_PORT (${config().E2E_PORT}) and the ports after it (docs/operations.md "Configuration").`,
    );
    console.log('total: 0 passed, 1 failed');
    process.exit(1);
  }
}

/** The PostgreSQL server behind TEST_DATABASE_URL, when it runs on this machine (its backends are not our children). */
async function testPostmaster(): Promise<number | null> {
  const url = config().TEST_DATABASE_URL;
  if (!url) return null;
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    return postmasterOf(rows[0]!.pid);
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}
const postmaster = await testPostmaster();
const postgresCpuAtStart = postmaster === null ? null : postgresServerCpuSeconds(postmaster);
process.on('exit', () => {
  if (costs.length === 0) return;
  const counted = cpu.counts === 'cgroup' ? 'every process the step started' : 'the processes the step waited for';
  console.log(`\nwall and CPU time per step (CPU: user + system of ${counted}):`);
  for (const { title, seconds, cpu: spent } of costs) console.log(`  ${title}: ${seconds}s${cpuText(spent)}`);
  const total = cpu.read();
  cpu.close();
  if (total !== null) console.log(`  all steps: ${total.toFixed(1)} CPU-s`);
  const postgresNow = postmaster === null ? null : postgresServerCpuSeconds(postmaster);
  if (postgresNow !== null && postgresCpuAtStart !== null) {
    console.log(
      `  PostgreSQL server (TEST_DATABASE_URL's, whoever else used it meanwhile): ${(postgresNow - postgresCpuAtStart).toFixed(1)} CPU-s`,
    );
  }
});

const vitestReport = path.join(results, 'vitest.json');
const playwrightReport = path.join(results, 'playwright.json');
rmSync(vitestReport, { force: true });
rmSync(playwrightReport, { force: true });

// Next's route types first, so that tsc checks the pages' exports as `next build` would; the
// build then skips its own check of the same files (next.config.ts).
step('route types', bin('next'), ['typegen']);
await together([
  { title: 'typecheck', command: bin('tsc'), args: ['--noEmit', '-p', '.'] },
  { title: 'lint', command: bin('eslint'), args: ['--max-warnings', '0', '.'] },
  { title: 'format', command: bin('prettier'), args: ['--check', '--log-level', 'warn', '.'] },
]);
process.env.MEMORY_CONSOLE_TYPECHECKED = '1';
// Vitest's own process builds the embedded database's templates (server/testing/global-setup.ts),
// so it runs WebAssembly with the baseline compiler only, as its workers do (docs/architecture.md "Node flags").
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
step(
  'unit and integration tests (Vitest)',
  process.execPath,
  [...BASELINE_WASM_FLAGS, vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  () => {
    const report = readJson(vitestReport);
    if (!report) return null;
    return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + (report.numTodoTests ?? 0) };
  },
);
console.log(postgresNote);
step('end-to-end tests (Playwright)', bin('playwright'), ['test'], () => {
  const report = readJson(playwrightReport);
  if (!report) return null;
  const stats = report.stats;
  return { passed: stats.expected, failed: stats.unexpected + (stats.flaky ?? 0), skipped: stats.skipped };
});

console.log(`\ntotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
