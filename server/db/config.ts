// Where the data lives: a PostgreSQL server when DATABASE_URL is set, otherwise the embedded
// PGlite folder (MEMORY_CONSOLE_DATA_DIR, default .data/pglite).
// Each function reads the process's configuration (server/config/env.ts), or the env it is handed.
import path from 'node:path';
import { configOf, type Env } from '../config/env';

export type { Env };

/**
 * `poolMode: 'transaction'`: DATABASE_URL goes through a connection pooler that hands each
 * transaction its own server connection (PgBouncer's transaction pooling), so nothing may rely on
 * a connection outliving a transaction — no named prepared statements, no session-level locks or
 * settings (docs/operations.md "Behind a connection pooler").
 */
export type PoolMode = 'session' | 'transaction';

/** `replica`: a streaming replica for heavy reads (DATABASE_REPLICA_URL; server/db/replica.ts). */
export type DatabaseTarget =
  { kind: 'postgres'; url: string; poolMode?: PoolMode; replica?: { url: string; waitMs: number } } | { kind: 'pglite'; dataDir: string };

export function dataDirFromEnv(env?: Env): string {
  return path.resolve(/*turbopackIgnore: true*/ configOf(env).MEMORY_CONSOLE_DATA_DIR);
}

export function databaseTargetFromEnv(env?: Env): DatabaseTarget {
  const config = configOf(env);
  const url = config.DATABASE_URL;
  if (url) {
    const replica = config.DATABASE_REPLICA_URL ? { replica: { url: config.DATABASE_REPLICA_URL, waitMs: config.REPLICA_WAIT_MS } } : {};
    return { kind: 'postgres', url, poolMode: config.DATABASE_POOL_MODE, ...replica };
  }
  return { kind: 'pglite', dataDir: dataDirFromEnv(env) };
}

/**
 * Where migrations run: MIGRATION_DATABASE_URL (the role that owns the tables) when set, else the
 * same database as the app. Only meaningful with DATABASE_URL; see docs/operations.md "Audit log".
 */
export function migrationTargetFromEnv(env?: Env): DatabaseTarget {
  const target = databaseTargetFromEnv(env);
  const url = configOf(env).MIGRATION_DATABASE_URL;
  if (!url) {
    if (target.kind === 'postgres' && target.poolMode === 'transaction') {
      throw new Error(
        'DATABASE_POOL_MODE is transaction but MIGRATION_DATABASE_URL is not set: migrations hold a session-level lock, so they need a direct connection to PostgreSQL, not the pooler.',
      );
    }
    if (target.kind === 'postgres') return { kind: 'postgres', url: target.url, ...(target.poolMode ? { poolMode: target.poolMode } : {}) };
    return target;
  }
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
