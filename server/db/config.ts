// Where the data lives: a PostgreSQL server when DATABASE_URL is set, otherwise the embedded
// PGlite folder (MEMORY_CONSOLE_DATA_DIR, default .data/pglite).
import path from 'node:path';

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string };

export const DEFAULT_DATA_DIR = '.data/pglite';

export function dataDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(/*turbopackIgnore: true*/ env.MEMORY_CONSOLE_DATA_DIR || DEFAULT_DATA_DIR);
}

export function databaseTargetFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseTarget {
  const url = env.DATABASE_URL?.trim();
  if (url) return { kind: 'postgres', url };
  return { kind: 'pglite', dataDir: dataDirFromEnv(env) };
}

export function describeTarget(target: DatabaseTarget): string {
  if (target.kind === 'pglite') return `embedded PGlite at ${target.dataDir}`;
  const parsed = new URL(target.url);
  return `PostgreSQL at ${parsed.host}${parsed.pathname}`;
}
