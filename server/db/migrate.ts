// The project's own migration runner: applies prisma/migrations/*/migration.sql in order and
// records them in _prisma_migrations exactly as `prisma migrate deploy` would, so either tool can
// take over from the other.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SqlRunner } from './sql-runner';

export interface MigrationFile {
  name: string;
  file: string;
  sql: string;
  checksum: string;
}

export interface MigrationResult {
  applied: string[];
  alreadyApplied: string[];
}

export class MigrationError extends Error {
  constructor(
    message: string,
    readonly migration?: string,
  ) {
    super(message);
    this.name = 'MigrationError';
  }
}

export const DEFAULT_MIGRATIONS_DIR = path.join(/*turbopackIgnore: true*/ process.cwd(), 'prisma', 'migrations');

/** The lock id Prisma's own migrate uses, so the two never run at once on one database. */
const PRISMA_ADVISORY_LOCK = 72707369;

export function checksumOf(sql: string): string {
  return createHash('sha256').update(sql, 'utf8').digest('hex');
}

export function readMigrations(dir: string = DEFAULT_MIGRATIONS_DIR): MigrationFile[] {
  if (!existsSync(/*turbopackIgnore: true*/ dir)) throw new MigrationError(`No migrations folder at ${dir}.`);
  return readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const file = path.join(/*turbopackIgnore: true*/ dir, name, 'migration.sql');
      if (!existsSync(/*turbopackIgnore: true*/ file)) throw new MigrationError(`Migration folder ${name} has no migration.sql.`, name);
      const sql = readFileSync(/*turbopackIgnore: true*/ file, 'utf8');
      return { name, file, sql, checksum: checksumOf(sql) };
    });
}

const CREATE_HISTORY_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
);`;

interface HistoryRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

async function historyTableExists(db: SqlRunner): Promise<boolean> {
  const rows = await db.query<{ present: boolean }>(`SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS present`);
  return rows[0]!.present;
}

/** The migrations not yet applied, without changing anything (for read-only tools). */
export async function pendingMigrations(db: SqlRunner, migrations: MigrationFile[]): Promise<string[]> {
  if (!(await historyTableExists(db))) return migrations.map((m) => m.name);
  const done = await db.query<{ migration_name: string }>(
    'SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL',
  );
  const applied = new Set(done.map((row) => row.migration_name));
  return migrations.filter((m) => !applied.has(m.name)).map((m) => m.name);
}

export interface ApplyOptions {
  /** Take Prisma's advisory lock (PostgreSQL servers; PGlite has a single connection anyway). */
  advisoryLock?: boolean;
  log?: (line: string) => void;
}

export async function applyMigrations(db: SqlRunner, migrations: MigrationFile[], options: ApplyOptions = {}): Promise<MigrationResult> {
  const log = options.log ?? (() => {});
  if (options.advisoryLock) await db.query('SELECT pg_advisory_lock($1)', [PRISMA_ADVISORY_LOCK]);
  try {
    // Only when missing: even IF NOT EXISTS needs CREATE on the schema, which the application
    // role of a two-role set-up does not have (docs/operations.md "Audit log").
    if (!(await historyTableExists(db))) await db.exec(CREATE_HISTORY_TABLE);
    const history = await db.query<HistoryRow>(
      'SELECT "migration_name", "checksum", "finished_at", "rolled_back_at" FROM "_prisma_migrations" ORDER BY "started_at"',
    );
    const failed = history.find((row) => row.finished_at === null && row.rolled_back_at === null);
    if (failed) {
      throw new MigrationError(
        `Migration ${failed.migration_name} was started but never finished (a failed \`prisma migrate deploy\`?). ` +
          'Repair the database by hand, then mark it rolled back or applied with `prisma migrate resolve`.',
        failed.migration_name,
      );
    }
    const done = new Map(history.filter((row) => row.finished_at !== null).map((row) => [row.migration_name, row.checksum]));
    const result: MigrationResult = { applied: [], alreadyApplied: [] };
    for (const migration of migrations) {
      const recorded = done.get(migration.name);
      if (recorded !== undefined) {
        if (recorded !== migration.checksum) {
          throw new MigrationError(
            `Migration ${migration.name} was edited after it was applied (checksum ${migration.checksum} ≠ recorded ${recorded}). ` +
              'Never change an applied migration: restore the file and add a new migration instead.',
            migration.name,
          );
        }
        result.alreadyApplied.push(migration.name);
        continue;
      }
      try {
        await db.transaction(async (tx) => {
          await tx.exec(migration.sql);
          await tx.query(
            `INSERT INTO "_prisma_migrations" ("id", "checksum", "finished_at", "migration_name", "started_at", "applied_steps_count")
             VALUES ($1, $2, now(), $3, now(), 1)`,
            [randomUUID(), migration.checksum, migration.name],
          );
        });
      } catch (error) {
        let reason = error instanceof Error ? error.message : String(error);
        if (/permission denied|must be owner/.test(reason)) {
          reason +=
            ' (migrations must run as the role that owns the tables: set MIGRATION_DATABASE_URL, see docs/operations.md "Audit log")';
        }
        throw new MigrationError(
          `Migration ${migration.name} failed and was rolled back (${path.relative(process.cwd(), migration.file)}): ${reason}`,
          migration.name,
        );
      }
      log(`applied migration ${migration.name}`);
      result.applied.push(migration.name);
    }
    return result;
  } finally {
    if (options.advisoryLock) await db.query('SELECT pg_advisory_unlock($1)', [PRISMA_ADVISORY_LOCK]);
  }
}
