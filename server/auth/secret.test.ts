import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDataDirs } from '../testing/temp-dirs';
import { resolveAuthSecret, SECRET_FILE } from './secret';

const dataDir = useTempDataDirs('mc-secret-');

describe('resolveAuthSecret', () => {
  it('uses NEXTAUTH_SECRET when set', () => {
    expect(resolveAuthSecret({ NEXTAUTH_SECRET: ' configured ', NODE_ENV: 'production', DATABASE_URL: 'postgresql://x/y' })).toBe(
      'configured',
    );
  });

  it('refuses to run in production on PostgreSQL without a secret', () => {
    expect(() => resolveAuthSecret({ NODE_ENV: 'production', DATABASE_URL: 'postgresql://x/y' })).toThrow(/NEXTAUTH_SECRET must be set/);
  });

  it('generates a secret once for the embedded default and reuses it after a restart', () => {
    const dir = dataDir();
    const env = { NODE_ENV: 'production', MEMORY_CONSOLE_DATA_DIR: dir };
    const first = resolveAuthSecret(env);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, SECRET_FILE), 'utf8')).toBe(first);
    expect(resolveAuthSecret(env)).toBe(first);
  });

  it('gives a different embedded folder its own secret', () => {
    const a = resolveAuthSecret({ MEMORY_CONSOLE_DATA_DIR: dataDir() });
    const b = resolveAuthSecret({ MEMORY_CONSOLE_DATA_DIR: dataDir() });
    expect(a).not.toBe(b);
  });
});
