// Starts the consoles the end-to-end tests drive (playwright.config.ts, one webServer entry), as
// much side by side as the machine allows instead of one after another:
//   1. at once: the production build if the sources are newer than it, the first console's
//      database (e2e/prepare-database.ts, which also copies it for the other consoles), and the
//      database of each console that prepares its own as `npm start` does (scripts/prepare-db.ts);
//   2. then every console at once (each finds its build and its database ready): through `npm start`,
//      or, where the launcher prepared the database, the server command `npm start` ends with
//      (its checks and a second look at the migrations cost a few CPU-seconds per console), with
//      the baseline WebAssembly compiler only;
//   3. the consoles marked `last` only once all the others answer, so that Playwright, which waits
//      for the last one's address, starts no test before every console is up.
// A step that fails, or a console that exits, stops all of them. Playwright stops the consoles when
// the run ends (it ends this process's whole process group).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { needsBuild } from '../../server/startup/build-state';
import { nextStartCommand, BASELINE_WASM_FLAGS } from '../../server/startup/server-command';
import { LAUNCH_VARIABLE, type ConsoleLaunch } from './console-launch';

const root = path.resolve(import.meta.dirname, '../..');
// On this machine only, whatever HOST the shell has: the tests drive the consoles from here.
const E2E_HOST = '127.0.0.1';
const envOf = (launch: ConsoleLaunch): Record<string, string> => ({ ...launch.env, HOST: E2E_HOST });
const children = new Set<ChildProcess>();

function stopAll(message: string): never {
  console.error(`[e2e] ${message}`);
  for (const child of children) child.kill('SIGTERM');
  process.exit(1);
}

function run(title: string, command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
  children.add(child);
  child.on('error', (error) => stopAll(`${title} could not start: ${error.message}`));
  return child;
}

function finished(title: string, child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (code === 0) resolve();
      else stopAll(`${title} failed (${signal ?? `exit code ${code}`}).`);
    });
  });
}

function prepare(launch: ConsoleLaunch): Promise<void> | null {
  if (launch.database === 'none') return null;
  const script = launch.database === 'e2e' ? 'e2e/prepare-database.ts' : 'scripts/prepare-db.ts';
  const title = `preparing the database of ${launch.url}`;
  return finished(title, run(title, process.execPath, [...BASELINE_WASM_FLAGS, '--import', 'tsx', script], envOf(launch)));
}

async function answering(url: string): Promise<void> {
  for (;;) {
    try {
      // As Playwright judges a webServer's address: any answer but a missing page or a failure.
      if ((await fetch(`${url}/signin`, { redirect: 'manual' })).status < 404) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function start(launch: ConsoleLaunch): Promise<void> {
  // A console whose database is ready runs the server command, with WebAssembly's baseline compiler
  // only: the consoles live a few minutes, and that took 8 % less CPU over the whole run than V8's
  // default (docs/architecture.md "Node flags"). One that prepares its own goes through `npm start`.
  const { command, args } =
    launch.database === 'own'
      ? { command: 'npm', args: ['start'] }
      : nextStartCommand(root, { port: Number(launch.env.PORT), host: E2E_HOST }, BASELINE_WASM_FLAGS);
  const child = run(`the console at ${launch.url}`, command, args, envOf(launch));
  child.on('exit', (code, signal) => stopAll(`the console at ${launch.url} exited (${signal ?? `exit code ${code}`}).`));
  return answering(launch.url);
}

async function main() {
  const launches = JSON.parse(process.env[LAUNCH_VARIABLE] || '[]') as ConsoleLaunch[];
  if (launches.length === 0) stopAll(`${LAUNCH_VARIABLE} names no console.`);
  const build = needsBuild(root)
    ? finished('the build', run('the build', path.join(root, 'node_modules', '.bin', 'next'), ['build']))
    : null;
  await Promise.all([build, ...launches.map(prepare)]);
  await Promise.all(launches.filter((launch) => !launch.last).map(start));
  await Promise.all(launches.filter((launch) => launch.last).map(start));
  console.log(`[e2e] ${launches.length} consoles answer: ${launches.map((launch) => launch.url).join(', ')}`);
}

main().catch((error: unknown) => stopAll(error instanceof Error ? error.message : String(error)));
