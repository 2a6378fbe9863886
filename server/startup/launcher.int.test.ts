// `npm start` as a newcomer runs it: configuration mistakes and a data folder another start holds
// stop it before it builds, migrates or says "Ready", with a message naming what to change. Each
// launch runs what the package.json script runs, without npm in front (server/testing/npm-script.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../db/folder-lock';
import { npmScript, repositoryRoot } from '../testing/npm-script';
import { restorePgliteFolder, testBackend } from '../testing/test-database';

const scratch = mkdtempSync(path.join(tmpdir(), 'mc-launcher-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const servers: Server[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) await stop(child);
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function listen(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  return new Promise((resolve) => server.listen(0, () => resolve({ server, port: (server.address() as { port: number }).port })));
}

async function freePort(): Promise<number> {
  const { server, port } = await listen();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Launch {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

function launch(script: 'start' | 'dev', env: Record<string, string>): Launch {
  let output = '';
  const { command, args } = npmScript(script);
  const child = spawn(command, args, {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      NEXTAUTH_SECRET: '',
      NEXTAUTH_URL: '',
      HOST: '',
      MEMORY_CONSOLE_LOCK_TOKEN: '',
      PASSWORD_HASH_COST: '',
      ...env,
    },
    detached: true,
  });
  children.push(child);
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Stops a launch and everything it started (it runs in its own process group). */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }, 15_000);
  await exited;
  clearTimeout(timer);
}

async function waitFor(condition: () => boolean, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The exit code, or a failure when the launch is still running after `ms` (it went on starting). */
async function exitWithin(started: Launch, ms = 30_000): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Still running after ${ms} ms:\n${started.output()}`)), ms);
  });
  try {
    return await Promise.race([started.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const READY = /\bReady\b/;

/** Whether something accepts a TCP connection at `host`:`port`. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** An IPv4 address of this machine other machines could reach it at, if it has one. */
function networkAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
}

describe.skipIf(testBackend() !== 'pglite')('npm start checks before it builds, migrates or serves', () => {
  it('refuses DATABASE_URL without NEXTAUTH_SECRET, naming the variable, and never says Ready', async () => {
    const started = launch('start', {
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/nowhere',
      PORT: String(await freePort()),
    });
    expect(await exitWithin(started)).not.toBe(0);
    expect(started.output()).toContain('Memory Console did not start: NEXTAUTH_SECRET must be set');
    expect(started.output()).not.toMatch(READY);
    expect(started.output()).not.toMatch(/Building|migration/);
  }, 60_000);

  it('refuses a password hashing cost below the production one, naming PASSWORD_HASH_COST', async () => {
    const started = launch('start', { PASSWORD_HASH_COST: '4', PORT: String(await freePort()) });
    expect(await exitWithin(started)).not.toBe(0);
    expect(started.output()).toContain('Memory Console did not start: PASSWORD_HASH_COST must be at least 10 for a production server');
    expect(started.output()).not.toMatch(/Building|migration|\bReady\b/);
  }, 60_000);

  it('refuses to serve other machines (HOST=0.0.0.0) while the demo accounts sign in with "demo", naming the command that disables them', async () => {
    const dataDir = path.join(scratch, 'exposed');
    restorePgliteFolder(dataDir, 'seeded');
    // The development server needs no build: the refusal comes from preparing the database.
    const started = launch('dev', { PORT: String(await freePort()), MEMORY_CONSOLE_DATA_DIR: dataDir, HOST: '0.0.0.0' });
    expect(await exitWithin(started, 90_000)).not.toBe(0);
    expect(started.output()).toContain(
      '[db] start-up stopped: HOST=0.0.0.0 serves other machines, and the demo accounts alice@example.com',
    );
    expect(started.output()).toContain('`npm run demo:disable-accounts`');
    expect(started.output()).not.toMatch(READY);
  }, 120_000);

  it('refuses a busy PORT before touching the database, naming PORT', async () => {
    const { server, port } = await listen();
    servers.push(server);
    const dataDir = path.join(scratch, 'busy-port');
    const started = launch('start', { PORT: String(port), MEMORY_CONSOLE_DATA_DIR: dataDir });
    expect(await exitWithin(started)).not.toBe(0);
    expect(started.output()).toContain(`Port ${port} is already in use. Stop what is using it, or set PORT to a free port.`);
    expect(started.output()).not.toMatch(READY);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(false);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 60_000);

  it('refuses a second start on a data folder a running start holds, before Ready, and frees it on stop', async () => {
    const dataDir = path.join(scratch, 'shared');
    // A folder that already holds the demo data (a copy of the run's seeded template), and the
    // development server, which needs no production build: the start goes quickly to "Ready".
    restorePgliteFolder(dataDir, 'seeded');
    const port = await freePort();
    const first = launch('dev', { PORT: String(port), MEMORY_CONSOLE_DATA_DIR: dataDir });
    await waitFor(() => READY.test(first.output()) || first.child.exitCode !== null, 'the first start to be ready', 150_000);
    expect(first.output()).toMatch(READY);
    // Without HOST it serves this machine only: nobody on the network reaches the demo accounts.
    expect(await accepts('127.0.0.1', port)).toBe(true);
    const elsewhere = networkAddress();
    if (elsewhere) expect(await accepts(elsewhere, port)).toBe(false);

    // The first server has not opened the database since start-up: nothing but the lock stops a second one.
    const second = launch('start', { PORT: String(await freePort()), MEMORY_CONSOLE_DATA_DIR: dataDir });
    expect(await exitWithin(second)).not.toBe(0);
    expect(second.output()).toMatch(/Memory Console did not start: The embedded database at .* is in use by another process/);
    expect(second.output()).not.toMatch(READY);
    expect(second.output()).not.toMatch(/Building|\[db\]/);
    expect(first.child.exitCode).toBeNull();

    // The launcher removes the lock once its server has stopped.
    await stop(first.child);
    await waitFor(() => !existsSync(path.join(dataDir, LOCK_FILE)), 'the lock to be released', 20_000);
  }, 240_000);
});
