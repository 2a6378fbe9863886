// A console killed mid-ingest loses nothing it acknowledged and keeps nothing half-stored
// (docs/runtime-api.md "Runtime diagnostics": a batch is stored whole or not at all), on the
// embedded database and, when TEST_DATABASE_URL is set, on PostgreSQL. A server process running the
// console's own ingest route (server/testing/route-server.ts: the route module Next serves, without
// Next's compile, so the test takes seconds) gets batches with distinct Idempotency-Keys from
// several clients, is SIGKILLed while they stream, and is started again on the same database; then
// every batch answered 202 has all its rows and no other batch has some of them.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open-database';
import { serviceContext } from '../services/context';
import { startSession } from '../services/account/start-session';
import { createApiToken } from '../services/tokens/create-api-token';
import { repositoryRoot } from '../testing/npm-script';
import { createPgliteFolderDatabase, createTestDatabase, testBackend } from '../testing/test-database';
import type { Database } from '../db/open-database';
import { BASELINE_WASM_FLAGS } from './server-command';

const scratch = mkdtempSync(path.join(tmpdir(), 'mc-crash-'));
const dataDir = path.join(scratch, 'db');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) killGroup(child, 'SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

const BATCH = 500;
const CLIENTS = 4;

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function start(port: number, databaseEnv: Record<string, string>) {
  const child = spawn(
    process.execPath,
    [...BASELINE_WASM_FLAGS, '--import', 'tsx', path.join('server', 'testing', 'route-server.ts'), String(port)],
    {
      cwd: repositoryRoot,
      detached: true,
      env: { ...process.env, ...databaseEnv, PORT: String(port), NEXTAUTH_URL: '', MEMORY_CONSOLE_LOCK_TOKEN: '', JOB_RUNNER: 'off' },
    },
  );
  children.push(child);
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  // Ready once the ingest route answers.
  for (let tries = 0; tries < 600; tries += 1) {
    if (child.exitCode !== null) throw new Error(`The console stopped: ${output}`);
    const response = await fetch(`http://127.0.0.1:${port}/api/runtime/events`, { method: 'POST', body: '[]' }).catch(() => null);
    if (response?.status === 401) return { child, exited };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The console did not answer: ${output}`);
}

/** The seeded database the console will use, the environment that points it there, and a way to read it afterwards. */
async function seededConsoleDatabase(): Promise<{
  seeded: Database;
  env: Record<string, string>;
  reopen(): Promise<Database>;
  finish(after: Database): Promise<void>;
}> {
  if (testBackend() === 'postgres') {
    const seeded = await createTestDatabase('seeded');
    if (seeded.target.kind !== 'postgres') throw new Error('expected PostgreSQL');
    return { seeded, env: { DATABASE_URL: seeded.target.url }, reopen: async () => seeded, finish: () => seeded.close() };
  }
  const seeded = await createPgliteFolderDatabase(dataDir, 'seeded');
  return {
    seeded,
    env: { DATABASE_URL: '', MEMORY_CONSOLE_DATA_DIR: dataDir },
    reopen: async () => {
      await seeded.close();
      return openDatabase({ kind: 'pglite', dataDir });
    },
    finish: (after) => after.close(),
  };
}

function batch(id: string) {
  const at = new Date(Date.now() - 60_000).toISOString();
  return Array.from({ length: BATCH }, (_, index) => ({
    type: 'memory.resolved',
    at,
    tenantRef: 'berlin',
    runId: id,
    scopes: ['tenant:berlin'],
    offered: 3,
    omitted: index % 2,
    pinnedOmitted: 0,
    recalled: 1,
    promptChars: 400,
  }));
}

describe('a console killed while batches stream in', () => {
  it(`keeps every acknowledged batch whole and no unacknowledged one in part (${testBackend()})`, async () => {
    const database = await seededConsoleDatabase();
    const { seeded } = database;
    const ctx = serviceContext(seeded.prisma);
    const olga = await seeded.prisma.user.findUniqueOrThrow({ where: { email: 'olga@example.com' }, include: { grants: true } });
    const viewer = {
      userId: olga.id,
      sessionId: await startSession({ ctx, input: { userId: olga.id, userAgent: null } }),
      actorRef: olga.actorRef,
      tenant: { ref: olga.tenantRef },
      grants: olga.grants,
    };
    const { secret } = await createApiToken({ ctx, input: { viewer, name: 'crash', tenantRef: 'berlin', permissions: ['events:write'] } });
    // The embedded database's folder is the server's alone while it runs.
    const db = testBackend() === 'pglite' ? (await seeded.close(), null) : seeded;

    const port = await freePort();
    const acknowledged = new Set<string>();
    const sent: string[] = [];
    // One console, streamed into by several clients until it has acknowledged eight batches, then
    // killed. True when some batch had been sent and not answered at that moment.
    const crashOnce = async (round: number): Promise<boolean> => {
      const server = await start(port, database.env);
      const sentBefore = sent.length;
      const acknowledgedBefore = acknowledged.size;
      let killed = false;
      const client = async (name: string) => {
        for (let n = 0; !killed || n < 2; n += 1) {
          const id = `crash-${round}-${name}-${n}`;
          sent.push(id);
          const response = await fetch(`http://127.0.0.1:${port}/api/runtime/events`, {
            method: 'POST',
            headers: { authorization: `Bearer ${secret}`, 'idempotency-key': id },
            body: JSON.stringify(batch(id)),
          }).catch(() => null);
          if (response?.status === 202) acknowledged.add(id);
          else if (response) throw new Error(`batch ${id} answered ${response.status}: ${await response.text()}`);
          if (!response) return;
          if (acknowledged.size - acknowledgedBefore >= 8 && !killed) {
            killed = true;
            killGroup(server.child, 'SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(String.fromCharCode(97 + index))));
      await server.exited;
      return sent.length - sentBefore > acknowledged.size - acknowledgedBefore;
    };
    // A fast database may have answered every batch in flight before the kill landed; then the
    // console is started and killed again, so that at least one kill cuts a batch off.
    let cutOff = false;
    for (let round = 1; round <= 5 && !cutOff; round += 1) cutOff = await crashOnce(round);
    expect(acknowledged.size).toBeGreaterThanOrEqual(8);
    expect(cutOff, 'no kill of five landed while a batch was in flight').toBe(true);

    const second = await start(port, database.env);
    killGroup(second.child, 'SIGTERM');
    await second.exited;

    const after = db ?? (await database.reopen());
    try {
      const rows = await after.prisma.runtimeEvent.groupBy({
        by: ['runId'],
        where: { runId: { startsWith: 'crash-' } },
        _count: { _all: true },
      });
      const stored = new Map(rows.map((row) => [row.runId!, row._count._all]));
      for (const id of sent) {
        if (acknowledged.has(id)) expect(stored.get(id), id).toBe(BATCH);
        else expect([undefined, BATCH], id).toContain(stored.get(id));
      }
      expect(await after.prisma.ingestIdempotencyKey.count({ where: { key: { startsWith: 'crash-' } } })).toBe(stored.size);
      // The rollups of those minutes count exactly the stored turns: nothing of a lost batch was counted.
      const since = new Date(Date.now() - 30 * 60_000);
      const rollup = await after.prisma.metricRollup.aggregate({
        where: { tenantRef: 'berlin', minute: { gte: since } },
        _sum: { turns: true },
      });
      const raw = await after.prisma.runtimeEvent.count({ where: { tenantRef: 'berlin', type: 'memory_resolved', at: { gte: since } } });
      expect(rollup._sum.turns ?? 0).toBe(raw);
    } finally {
      await database.finish(after);
    }
  }, 120_000);
});
