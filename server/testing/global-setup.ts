// Migrates one template database per run; every integration test file then starts from a cheap
// copy of it instead of paying for initdb and migrations again.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { applyMigrations, readMigrations } from '../db/migrate';
import { pgliteRunner, pgRunner } from '../db/sql-runner';
import { databaseUrlWithName } from './database-url';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const backend = project.config.env?.MC_TEST_BACKEND ?? 'pglite';
  if (backend === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is not set.');
    const template = `mc_template_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${template}"`);
    const tpl = new pg.Client({ connectionString: databaseUrlWithName(base, template) });
    await tpl.connect();
    await applyMigrations(pgRunner(tpl), readMigrations());
    await tpl.end();
    project.provide('postgresTemplate', template);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      await admin.end();
    };
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'mc-pglite-template-'));
  const db = await PGlite.create();
  await applyMigrations(pgliteRunner(db), readMigrations());
  const dump = await db.dumpDataDir('none');
  await db.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
