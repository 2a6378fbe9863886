// A database for one integration test file, as one of the run's templates holds it (see the
// comment at the top of global-setup.ts): on PGlite (in memory) or, in the PostgreSQL project, on
// TEST_DATABASE_URL's server. A seeded one is the worker's kept database put back (kept-seeded.ts)
// when it can be, else a new copy; the other stages are always new copies.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/open-database';
import type { DatabaseTarget } from '../db/config';
import { PGLITE_EXTENSIONS } from '../db/pglite-extensions';
import { databaseUrlWithName } from './database-url';
import type { TemplateStage } from './global-setup';
import { keepablePglite, keepablePostgres, type KeepablePglite, type KeepablePostgres } from './keepable';
import { keeper } from './kept-seeded';

export type TestBackend = 'pglite' | 'postgres';

export function testBackend(): TestBackend {
  return process.env.MC_TEST_BACKEND === 'postgres' ? 'postgres' : 'pglite';
}

// A worker runs many files one after another (vitest.config.ts: isolate false), so each template
// is read from disk into a Blob once per worker, not once per file: reading and copying the
// 40 MB tarball was about a fifth of a restore's CPU. A Blob cannot change, so sharing it is safe.
const templateBlobs = new Map<string, Blob>();

function restorePglite(stage: TemplateStage): Promise<PGlite> {
  const file = inject('pgliteTemplates')[stage];
  let blob = templateBlobs.get(file);
  if (!blob) templateBlobs.set(file, (blob = new Blob([readFileSync(file)])));
  return PGlite.create({ extensions: PGLITE_EXTENSIONS, loadDataDir: blob });
}

const keptPglite = keeper<Blob, KeepablePglite>();
const keptPostgres = keeper<Buffer, KeepablePostgres>();

/** A new database on TEST_DATABASE_URL's server, from a template or empty; `drop` removes it. */
async function newPostgresDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set.');
  const name = `${inject('postgresTemplates').copies}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrlWithName(base, name),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * Where the code under test reaches a test database: directly, or through a connection pooler in
 * transaction mode when TEST_POOLED_DATABASE_URL names one (the cluster test runs the integration
 * tests through PgBouncer so). The harness itself (CREATE DATABASE … TEMPLATE, DROP) stays direct.
 */
function appTarget(url: string): DatabaseTarget {
  const pooled = process.env.TEST_POOLED_DATABASE_URL;
  if (!pooled) return { kind: 'postgres', url };
  const through = new URL(pooled);
  through.pathname = new URL(url).pathname;
  return { kind: 'postgres', url: through.toString(), poolMode: 'transaction' };
}

/** A copy of the migrated template (no rows), or of the seeded one when `stage` is 'seeded'. */
export async function createTestDatabase(stage: Exclude<TemplateStage, 'empty'> = 'migrated'): Promise<Database> {
  if (testBackend() === 'postgres') {
    const template = inject('postgresTemplates')[stage];
    if (stage === 'migrated') {
      const copy = await newPostgresDatabase(template);
      const db = await openDatabase(appTarget(copy.url));
      return { ...db, close: () => db.close().finally(copy.drop) };
    }
    // Most files start from the demo data: the worker keeps that database between them (kept-seeded.ts).
    const borrowed = await keptPostgres.borrow(async () => {
      const copy = await newPostgresDatabase(template);
      return keepablePostgres(copy.url, copy.drop);
    });
    const db = await openDatabase(appTarget(borrowed.database.url));
    return { ...db, close: () => db.close().finally(borrowed.giveBack) };
  }
  if (stage === 'migrated') return openDatabase({ kind: 'pglite', dataDir: 'memory://' }, { pglite: await restorePglite(stage) });
  const borrowed = await keptPglite.borrow(async () => keepablePglite(await restorePglite('seeded')));
  const db = await openDatabase({ kind: 'pglite', dataDir: 'memory://' }, { pglite: borrowed.database.pglite });
  return { ...db, close: () => db.prisma.$disconnect().finally(borrowed.giveBack) };
}

/**
 * Writes a copy of a template into `dataDir` (created if missing) and leaves it closed, for tests
 * whose code under test (a script, a child process) opens that folder itself. The template is a
 * tarball of PGlite's data folder, so unpacking it is the whole copy: no PGlite is started here.
 * The 'empty' stage is a folder right after initdb, as a first start leaves it before migrating.
 */
export function restorePgliteFolder(dataDir: string, stage: TemplateStage): void {
  mkdirSync(dataDir, { recursive: true });
  // The members are named from the folder's root ("/base/…"); tar extracts them below -C anyway.
  execFileSync('tar', ['-xf', inject('pgliteTemplates')[stage], '-C', dataDir], { stdio: 'ignore' });
}

/**
 * An embedded database in an on-disk folder, restored from the migrated (or seeded) template and
 * opened as the app opens a folder (with its lock), for tests that also run a script or a child
 * process on that folder once this copy is closed.
 */
export async function createPgliteFolderDatabase(dataDir: string, stage: Exclude<TemplateStage, 'empty'> = 'migrated'): Promise<Database> {
  restorePgliteFolder(dataDir, stage);
  return openDatabase({ kind: 'pglite', dataDir });
}

/** An empty database with nothing applied, for testing the migration runner itself. */
export async function createEmptyDatabase(): Promise<{ url?: string; pglite?: PGlite; drop(): Promise<void> }> {
  if (testBackend() === 'postgres') return newPostgresDatabase();
  const pglite = await restorePglite('empty');
  return { pglite, drop: () => pglite.close() };
}
