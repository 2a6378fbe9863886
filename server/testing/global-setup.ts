// How integration tests get their databases quickly (read this before changing server/testing).
//
// Vitest runs this once per run and project, before any test file. It builds three templates and
// hands their locations to the test files through `inject`:
//   - empty:    a database right after initdb, nothing applied (migration-runner tests);
//   - migrated: every migration applied, no rows (schema tests, tests that seed themselves);
//   - seeded:   migrated plus the demo data, seeded once at SEED_NOW (every useSeededDatabase file).
//
// PGlite (the default project): one in-memory PGlite is initdb'ed once; after each stage its data
// folder is dumped to an uncompressed tarball in a scratch folder. A test file restores a tarball
// with `PGlite.create({ loadDataDir })`, about a second instead of a fresh initdb plus migrations
// plus seeding (a worker reads each tarball from disk once, test-database.ts). Each file gets its
// own restored copy, so files never see each other's writes; the seeded one is kept by its worker
// and put back to the template for the next file rather than restored again (kept-seeded.ts).
// A test whose code under test opens an on-disk folder itself (a script, a child process) gets
// the tarball unpacked into that folder (`restorePgliteFolder`), with no PGlite started for it.
//
// PostgreSQL (the project that exists when TEST_DATABASE_URL is set): the templates are real
// databases, `<db>_template_<pid>_<time>_{migrated,seeded}` (<db>: TEST_DATABASE_URL's database
// name, server/testing/database-url.ts), and a copy is `CREATE DATABASE … TEMPLATE …`, a
// file-level copy done by the server, named `<db>_copy_<pid>_<time>_<random>`. The empty stage
// there is a plain `CREATE DATABASE`. As on PGlite, the seeded copy is kept by its worker and put
// back between files (kept-seeded.ts). The templates, and any copy still there (a worker ends
// without closing the one it keeps), are dropped when the run ends.
//
// The seeded template is seeded with random ids but a fixed clock, so every file sees the same
// demo data; tests look records up by email, scope or key, never by a remembered id.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { applyMigrations, readMigrations } from '../db/migrate';
import { openDatabase } from '../db/open-database';
import { PGLITE_EXTENSIONS } from '../db/pglite-extensions';
import { pgliteRunner, pgRunner } from '../db/sql-runner';
import { serviceContext } from '../services/context';
import { seedDemo } from '../services/seed/seed-demo';
import { databaseUrlWithName, scratchDatabaseName } from './database-url';
import { SEED_NOW } from './seed-clock';

export type TemplateStage = 'empty' | 'migrated' | 'seeded';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarball paths of the PGlite templates, by stage. */
    pgliteTemplates: Record<TemplateStage, string>;
    /**
     * Database names of the PostgreSQL templates (no empty one: CREATE DATABASE is already cheap),
     * and the prefix of every copy's name.
     */
    postgresTemplates: Record<Exclude<TemplateStage, 'empty'>, string> & { copies: string };
  }
}

/** Templates built, and how to hand them to a project and remove them. */
interface Built {
  provide(project: TestProject): void;
  remove(): Promise<void>;
}

async function setupPostgres(): Promise<Built> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set.');
  const prefix = scratchDatabaseName(base, `template_${process.pid}_${Date.now()}`);
  const migrated = `${prefix}_migrated`;
  const seeded = `${prefix}_seeded`;
  const copies = scratchDatabaseName(base, `copy_${process.pid}_${Date.now().toString(36)}`);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const remove = async () => {
    const left = await admin.query<{ name: string }>('SELECT datname AS name FROM pg_database WHERE starts_with(datname, $1)', [
      `${copies}_`,
    ]);
    for (const { name } of left.rows) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS "${seeded}" WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS "${migrated}" WITH (FORCE)`);
    await admin.end();
  };
  try {
    await admin.query(`CREATE DATABASE "${migrated}"`);
    const tpl = new pg.Client({ connectionString: databaseUrlWithName(base, migrated) });
    await tpl.connect();
    try {
      await applyMigrations(pgRunner(tpl), readMigrations());
    } finally {
      await tpl.end();
    }
    await admin.query(`CREATE DATABASE "${seeded}" TEMPLATE "${migrated}"`);
    const db = await openDatabase({ kind: 'postgres', url: databaseUrlWithName(base, seeded) });
    try {
      await seedDemo({ ctx: serviceContext(db.prisma, { now: () => SEED_NOW }) });
    } finally {
      await db.close();
    }
  } catch (error) {
    await remove();
    throw error;
  }
  return { provide: (project) => project.provide('postgresTemplates', { migrated, seeded, copies }), remove };
}

async function setupPglite(): Promise<Built> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mc-pglite-template-'));
  const files = {} as Record<TemplateStage, string>;
  const save = async (pglite: PGlite, stage: TemplateStage) => {
    const dump = await pglite.dumpDataDir('none');
    files[stage] = path.join(dir, `${stage}.tar`);
    writeFileSync(files[stage], Buffer.from(await dump.arrayBuffer()));
  };
  try {
    const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    await save(pglite, 'empty');
    // The app uses the database `postgres` alone; PGlite never creates a database from template0 or
    // template1. Without them the later stages' tarballs hold 27 MB in 580 files instead of 42 MB in
    // 1,180, and a restore took about a quarter less CPU. The empty stage keeps them: it stands for
    // a folder as initdb leaves it.
    for (const name of ['template0', 'template1']) {
      await pglite.exec(`ALTER DATABASE ${name} IS_TEMPLATE false`);
      await pglite.exec(`DROP DATABASE ${name}`);
    }
    await applyMigrations(pgliteRunner(pglite), readMigrations());
    await save(pglite, 'migrated');
    const db = await openDatabase({ kind: 'pglite', dataDir: 'memory://' }, { pglite });
    try {
      await seedDemo({ ctx: serviceContext(db.prisma, { now: () => SEED_NOW }) });
      await save(pglite, 'seeded');
    } finally {
      await db.close();
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    provide: (project) => project.provide('pgliteTemplates', files),
    remove: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

// A backend's projects (vitest.config.ts: files sharing modules, and isolated ones) share one set
// of templates: the first project to start builds them, the last to finish removes them. Vitest
// runs the projects' global setups one after another, so when TEST_DATABASE_URL is set the first
// setup starts both backends' builds at once: PostgreSQL's seeding then overlaps PGlite's initdb
// instead of waiting for it.
interface Run {
  built: Promise<Built>;
  users: number;
}
const runs = ((globalThis as { __mcTestTemplates?: Map<string, Run> }).__mcTestTemplates ??= new Map());

function runOf(backend: string): Run {
  let run = runs.get(backend);
  if (!run) {
    const built = backend === 'postgres' ? setupPostgres() : setupPglite();
    // Failures surface where a project awaits its templates, not as an unhandled rejection.
    built.catch(() => {});
    run = { built, users: 0 };
    runs.set(backend, run);
  }
  return run;
}

async function release(backend: string, run: Run) {
  if (run.users > 0 || runs.get(backend) !== run) return;
  runs.delete(backend);
  // A build that failed has removed what it made (setupPostgres, setupPglite).
  const built = await run.built.catch(() => undefined);
  await built?.remove();
}

export default async function setup(project: TestProject) {
  const backend = project.config.env?.MC_TEST_BACKEND ?? 'pglite';
  // The templates' demo accounts are hashed here, in Vitest's own process, at the tests' cost.
  process.env.PASSWORD_HASH_COST ||= project.config.env?.PASSWORD_HASH_COST;
  const run = runOf(backend);
  // Started alongside, and removed below if no PostgreSQL project ever claims it (--project).
  const alongside = backend === 'pglite' && process.env.TEST_DATABASE_URL ? runOf('postgres') : undefined;
  run.users += 1;
  const built = await run.built;
  built.provide(project);
  return async () => {
    run.users -= 1;
    await release(backend, run);
    if (alongside) await release('postgres', alongside);
  };
}
