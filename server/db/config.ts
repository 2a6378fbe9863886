// Where the data lives: a PostgreSQL server when DATABASE_URL is set, otherwise the embedded
// PGlite folder (MEMORY_CONSOLE_DATA_DIR, default .data/pglite).
import path from 'node:path';

/** Environment variables as read by configuration functions (process.env fits). */
export type Env = Record<string, string | undefined>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string };

export const DEFAULT_DATA_DIR = '.data/pglite';

export function dataDirFromEnv(env: Env = process.env): string {
  return path.resolve(/*turbopackIgnore: true*/ env.MEMORY_CONSOLE_DATA_DIR || DEFAULT_DATA_DIR);
}

export function databaseTargetFromEnv(env: Env = process.env): DatabaseTarget {
  const url = env.DATABASE_URL?.trim();
  if (url) return { kind: 'postgres', url };
  return { kind: 'pglite', dataDir: dataDirFromEnv(env) };
}

/**
 * Where migrations run: MIGRATION_DATABASE_URL (the role that owns the tables) when set, else the
 * same database as the app. Only meaningful with DATABASE_URL; see README "Audit log".
 */
export function migrationTargetFromEnv(env: Env = process.env): DatabaseTarget {
  const target = databaseTargetFromEnv(env);
  const url = env.MIGRATION_DATABASE_URL?.trim();
  if (!url) return target;
  if (target.kind === 'pglite') {
    throw new Error('MIGRATION_DATABASE_URL is set but DATABASE_URL is not: set both, or neither for the embedded database.');
  }
  return { kind: 'postgres', url };
}

export function describeTarget(target: DatabaseTarget): string {
  if (target.kind === 'pglite') return `embedded PGlite at ${target.dataDir}`;
  const parsed = new URL(target.url);
  return `PostgreSQL at ${parsed.host}${parsed.pathname}`;
}
