// Scratch folders for tests, removed after each test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/** Registers cleanup and returns a function that makes a fresh `<tmp>/…/pglite` path (not yet created). */
export function useTempDataDirs(prefix: string): () => string {
  const dirs: string[] = [];
  afterEach(() => {
    while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    dirs.push(dir);
    return path.join(dir, 'pglite');
  };
}
