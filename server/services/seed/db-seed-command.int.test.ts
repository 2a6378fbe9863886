// The documented commands `npm run db:migrate` and `npm run db:seed` (docs/operations.md "Running
// on PostgreSQL"), run as a newcomer would, on PostgreSQL and on an embedded folder: they leave
// demo people to sign in as, and running the seed again adds only demo items it never created. Each
// runs what its package.json script runs, without npm in front (server/testing/npm-script.ts). The
// embedded folder starts as PGlite's initdb leaves it, unpacked from the run's empty template
// (server/testing/global-setup.ts): the commands still apply every migration and seed, and the
// initdb of a folder that does not exist yet is proven once, by prepare-database.int.test.ts.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseTarget } from '../../db/config';
import { openDatabase } from '../../db/open-database';
import { npmScript, repositoryRoot } from '../../testing/npm-script';
import { createEmptyDatabase, restorePgliteFolder, testBackend } from '../../testing/test-database';
import { seedItemKey } from './load-seed-markers';

let target: DatabaseTarget;
let env: NodeJS.ProcessEnv;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const base = { ...process.env, MEMORY_CONSOLE_LOCK_TOKEN: '' };
  if (testBackend() === 'postgres') {
    const empty = await createEmptyDatabase();
    target = { kind: 'postgres', url: empty.url! };
    env = { ...base, DATABASE_URL: empty.url };
    cleanup = empty.drop;
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'mc-db-seed-'));
    target = { kind: 'pglite', dataDir: path.join(dir, 'pglite') };
    restorePgliteFolder(target.dataDir, 'empty');
    env = { ...base, DATABASE_URL: '', MEMORY_CONSOLE_DATA_DIR: target.dataDir };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
});
afterAll(async () => {
  await cleanup?.();
});

function npmRun(script: string) {
  const { command, args } = npmScript(script);
  const result = spawnSync(command, args, { cwd: repositoryRoot, env, encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Opens the database, runs `work`, and closes it again (the embedded folder allows one process). */
async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
  const db = await openDatabase(target);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

describe('npm run db:migrate && npm run db:seed', () => {
  it('creates the demo people and data, and a second run brings back nothing a person deleted', async () => {
    const migrate = npmRun('db:migrate');
    expect(migrate.output).toMatch(/migration\(s\) applied/);
    expect(migrate.status).toBe(0);
    const first = npmRun('db:seed');
    expect(first.output).toMatch(/Seeded .*: \d+ memories/);
    expect(first.status).toBe(0);

    const before = await withDatabase(async (db) => {
      const emails = (await db.prisma.user.findMany({ select: { email: true } })).map((user) => user.email);
      const memories = await db.prisma.agentMemory.count();
      // A person deletes one demo memory; another stands for demo data added in a later release
      // (its marker is gone too, as if this database had been seeded before it existed).
      await db.prisma.agentMemory.delete({ where: { scope_key: { scope: 'actor:u1', key: 'fiscal-year' } } });
      await db.prisma.agentMemory.delete({ where: { scope_key: { scope: 'actor:u1', key: 'hotel' } } });
      await db.prisma.seededItem.delete({ where: { key: seedItemKey.memory('actor:u1', 'hotel') } });
      return { emails, memories };
    });
    expect(before.emails).toEqual(expect.arrayContaining(['alice@example.com', 'bob@example.com', 'olga@example.com', 'hana@example.com']));
    expect(before.memories).toBeGreaterThan(10);

    const second = npmRun('db:seed');
    expect(second.output).toMatch(/1 memories and 0 diagnostic events created/);
    expect(second.status).toBe(0);

    await withDatabase(async (db) => {
      const one = (key: string) => db.prisma.agentMemory.findUnique({ where: { scope_key: { scope: 'actor:u1', key } } });
      expect(await one('fiscal-year')).toBeNull();
      expect(await one('hotel')).not.toBeNull();
      expect(await db.prisma.agentMemory.count()).toBe(before.memories - 1);
      expect((await db.prisma.user.findMany({ select: { email: true } })).map((user) => user.email).sort()).toEqual(
        [...before.emails].sort(),
      );
    });
  }, 180_000);
});
