import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveAuthSecret, SECRET_FILE } from './secret';

const dirs: string[] = [];
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mc-secret-'));
  dirs.push(dir);
  return path.join(dir, 'pglite');
}

describe('resolveAuthSecret', () => {
  it('uses NEXTAUTH_SECRET when set', () => {
    expect(resolveAuthSecret({ NEXTAUTH_SECRET: ' configured ', NODE_ENV: 'production', DATABASE_URL: 'postgresql://x/y' })).toBe('configured');
  });

  it('refuses to run in production on PostgreSQL without a secret', () => {
    expect(() => resolveAuthSecret({ NODE_ENV: 'production', DATABASE_URL: 'postgresql://x/y' })).toThrow(/NEXTAUTH_SECRET must be set/);
  });

  it('generates a secret once for the embedded default and reuses it after a restart', () => {
    const dir = dataDir();
    const env = { NODE_ENV: 'production', MEMORY_CONSOLE_DATA_DIR: dir } as NodeJS.ProcessEnv;
    const first = resolveAuthSecret(env);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, SECRET_FILE), 'utf8')).toBe(first);
    expect(resolveAuthSecret(env)).toBe(first);
  });

  it('gives a different embedded folder its own secret', () => {
    const a = resolveAuthSecret({ MEMORY_CONSOLE_DATA_DIR: dataDir() } as NodeJS.ProcessEnv);
    const b = resolveAuthSecret({ MEMORY_CONSOLE_DATA_DIR: dataDir() } as NodeJS.ProcessEnv);
    expect(a).not.toBe(b);
  });
});
