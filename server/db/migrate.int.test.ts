// The migration runner: applies in order, records what Prisma records, refuses edited history,
// and leaves the database untouched when a migration fails.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmptyDatabase } from '../testing/test-database';
import { applyMigrations, checksumOf, MigrationError, readMigrations } from './migrate';
import { pgliteRunner, pgRunner, type SqlRunner } from './sql-runner';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function emptyRunner(): Promise<SqlRunner> {
  const empty = await createEmptyDatabase();
  if (empty.pglite) {
    cleanups.push(empty.drop);
    return pgliteRunner(empty.pglite);
  }
  const client = new pg.Client({ connectionString: empty.url });
  await client.connect();
  cleanups.push(empty.drop);
  cleanups.push(() => client.end());
  return pgRunner(client);
}

function migrationsFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mc-migrations-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  for (const [name, sql] of Object.entries(files)) {
    mkdirSync(path.join(dir, name));
    writeFileSync(path.join(dir, name, 'migration.sql'), sql);
  }
  return dir;
}

async function tableExists(db: SqlRunner, name: string): Promise<boolean> {
  const rows = await db.query<{ exists: boolean }>('SELECT to_regclass($1) IS NOT NULL AS exists', [name]);
  return rows[0]!.exists;
}

describe('applyMigrations', () => {
  it('applies the project migrations in order and records them with Prisma checksums', async () => {
    const db = await emptyRunner();
    const migrations = readMigrations();
    const result = await applyMigrations(db, migrations);
    expect(result.applied).toEqual(migrations.map((m) => m.name));
    const history = await db.query<{ migration_name: string; checksum: string; applied_steps_count: number; finished_at: Date | null }>(
      'SELECT migration_name, checksum, applied_steps_count, finished_at FROM "_prisma_migrations" ORDER BY migration_name',
    );
    expect(history.map((row) => row.migration_name)).toEqual(migrations.map((m) => m.name));
    for (const [index, row] of history.entries()) {
      expect(row.checksum).toBe(checksumOf(migrations[index]!.sql));
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.applied_steps_count).toBe(1);
      expect(row.finished_at).not.toBeNull();
    }
    const again = await applyMigrations(db, migrations);
    expect(again.applied).toEqual([]);
    expect(again.alreadyApplied).toEqual(migrations.map((m) => m.name));
  });

  it('creates _prisma_migrations with the columns prisma migrate deploy expects', async () => {
    const db = await emptyRunner();
    await applyMigrations(db, []);
    const cols = await db.query<{ column_name: string; data_type: string; is_nullable: string }>(
      `SELECT column_name, data_type, is_nullable FROM information_schema.columns
       WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
    );
    expect(cols.map((c) => `${c.column_name} ${c.data_type} ${c.is_nullable}`)).toEqual([
      'id character varying NO',
      'checksum character varying NO',
      'finished_at timestamp with time zone YES',
      'migration_name character varying NO',
      'logs text YES',
      'rolled_back_at timestamp with time zone YES',
      'started_at timestamp with time zone NO',
      'applied_steps_count integer NO',
    ]);
  });

  it('rolls a failed migration back completely and names the file and the database error', async () => {
    const db = await emptyRunner();
    const dir = migrationsFolder({
      '20260101000000_first': 'CREATE TABLE "one" ("id" TEXT PRIMARY KEY);',
      '20260102000000_broken': 'CREATE TABLE "two" ("id" TEXT PRIMARY KEY);\nINSERT INTO "missing" VALUES (1);',
    });
    const error = await applyMigrations(db, readMigrations(dir)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as MigrationError).migration).toBe('20260102000000_broken');
    expect((error as Error).message).toContain('20260102000000_broken');
    expect((error as Error).message).toMatch(/relation "missing" does not exist/);
    expect(await tableExists(db, 'one')).toBe(true);
    expect(await tableExists(db, 'two')).toBe(false);
    const names = await db.query<{ migration_name: string }>('SELECT migration_name FROM "_prisma_migrations"');
    expect(names.map((row) => row.migration_name)).toEqual(['20260101000000_first']);
  });

  it('refuses an applied migration whose file was edited', async () => {
    const db = await emptyRunner();
    const dir = migrationsFolder({ '20260101000000_first': 'CREATE TABLE "one" ("id" TEXT PRIMARY KEY);' });
    await applyMigrations(db, readMigrations(dir));
    writeFileSync(path.join(dir, '20260101000000_first', 'migration.sql'), 'CREATE TABLE "one" ("id" INTEGER PRIMARY KEY);');
    await expect(applyMigrations(db, readMigrations(dir))).rejects.toThrow(/20260101000000_first was edited after it was applied/);
  });

  it('refuses to continue past a migration another tool left unfinished', async () => {
    const db = await emptyRunner();
    await applyMigrations(db, []);
    await db.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, applied_steps_count) VALUES ('x', 'y', '20260101000000_half', 0)`,
    );
    await expect(applyMigrations(db, readMigrations())).rejects.toThrow(/20260101000000_half was started but never finished/);
  });
});
