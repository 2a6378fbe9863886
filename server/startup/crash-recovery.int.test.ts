// A console killed mid-ingest loses nothing it acknowledged and keeps nothing half-stored (README
// "Runtime diagnostics": a batch is stored whole or not at all). The real server (`npm run dev`
// through scripts/start.ts, which needs no production build) on a throwaway embedded database gets
// batches with distinct Idempotency-Keys from two clients, is SIGKILLed while they stream, and
// is started again; then every batch answered 202 has all its rows and no other batch has any.
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
import { npmScript, repositoryRoot } from '../testing/npm-script';
import { createPgliteFolderDatabase, testBackend } from '../testing/test-database';

const scratch = mkdtempSync(path.join(tmpdir(), 'mc-crash-'));
const dataDir = path.join(scratch, 'db');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) killGroup(child, 'SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

const BATCH = 200;

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

async function start(port: number) {
  const { command, args } = npmScript('dev');
  const child = spawn(command, args, {
    cwd: repositoryRoot, detached: true,
    env: { ...process.env, PORT: String(port), MEMORY_CONSOLE_DATA_DIR: dataDir, DATABASE_URL: '', NEXTAUTH_URL: '', MEMORY_CONSOLE_LOCK_TOKEN: '', JOB_RUNNER: 'off' },
  });
  children.push(child);
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  // Ready once the ingest route answers (the development server compiles it on first request).
  for (let tries = 0; tries < 300; tries += 1) {
    if (child.exitCode !== null) throw new Error(`The console stopped: ${output}`);
    const response = await fetch(`http://127.0.0.1:${port}/api/runtime/events`, { method: 'POST', body: '[]' }).catch(() => null);
    if (response?.status === 401) return { child, exited };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The console did not answer: ${output}`);
}

function batch(id: string) {
  const at = new Date(Date.now() - 60_000).toISOString();
  return Array.from({ length: BATCH }, (_, index) => ({
    type: 'memory.resolved', at, tenantRef: 'berlin', runId: id, scopes: ['tenant:berlin'], offered: 3, omitted: index % 2, pinnedOmitted: 0, recalled: 1, promptChars: 400,
  }));
}

describe.skipIf(testBackend() !== 'pglite')('a console killed while batches stream in', () => {
  it('keeps every acknowledged batch whole and no unacknowledged one in part', async () => {
    const seeded = await createPgliteFolderDatabase(dataDir, 'seeded');
    const ctx = serviceContext(seeded.prisma);
    const olga = await seeded.prisma.user.findUniqueOrThrow({ where: { email: 'olga@example.com' }, include: { grants: true } });
    const viewer = { userId: olga.id, sessionId: await startSession({ ctx, input: { userId: olga.id, userAgent: null } }), actorRef: olga.actorRef, tenant: { ref: olga.tenantRef }, grants: olga.grants };
    const { secret } = await createApiToken({ ctx, input: { viewer, name: 'crash', tenantRef: 'berlin', permissions: ['events:write'] } });
    await seeded.close();

    const port = await freePort();
    const first = await start(port);
    const acknowledged = new Set<string>();
    const sent: string[] = [];
    let killed = false;
    const client = async (name: string) => {
      for (let n = 0; !killed || n < 2; n += 1) {
        const id = `crash-${name}-${n}`;
        sent.push(id);
        const response = await fetch(`http://127.0.0.1:${port}/api/runtime/events`, {
          method: 'POST', headers: { authorization: `Bearer ${secret}`, 'idempotency-key': id }, body: JSON.stringify(batch(id)),
        }).catch(() => null);
        if (response?.status === 202) acknowledged.add(id);
        if (!response) return;
        if (acknowledged.size >= 6 && !killed) {
          killed = true;
          killGroup(first.child, 'SIGKILL');
        }
      }
    };
    await Promise.all([client('a'), client('b')]);
    await first.exited;
    expect(acknowledged.size).toBeGreaterThanOrEqual(6);

    const second = await start(port);
    killGroup(second.child, 'SIGTERM');
    await second.exited;

    const db = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const rows = await db.prisma.runtimeEvent.groupBy({ by: ['runId'], where: { runId: { startsWith: 'crash-' } }, _count: { _all: true } });
      const stored = new Map(rows.map((row) => [row.runId!, row._count._all]));
      for (const id of sent) {
        if (acknowledged.has(id)) expect(stored.get(id), id).toBe(BATCH);
        else expect([undefined, BATCH], id).toContain(stored.get(id));
      }
      expect(await db.prisma.ingestIdempotencyKey.count({ where: { key: { startsWith: 'crash-' } } })).toBe(stored.size);
    } finally {
      await db.close();
    }
  }, 240_000);
});
