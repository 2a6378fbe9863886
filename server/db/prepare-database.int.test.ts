// The embedded default on disk: first start seeds, a restart keeps changes, a second process is
// refused while one holds the folder, and a deleted folder starts fresh. The first start runs on a
// folder as PGlite's initdb leaves it (the run's empty template, server/testing/global-setup.ts);
// the start after the folder is deleted runs the whole way, initdb included.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { restorePgliteFolder, testBackend } from '../testing/test-database';
import { FolderLockedError } from './folder-lock';
import { openDatabase } from './open-database';
import { prepareDatabase } from './prepare-database';

const root = mkdtempSync(path.join(tmpdir(), 'mc-prepare-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.skipIf(testBackend() !== 'pglite')('prepareDatabase on the embedded default', () => {
  const target = { kind: 'pglite' as const, dataDir: path.join(root, 'pglite') };

  it('seeds a new folder, keeps changes across restarts, and starts fresh once the folder is deleted', async () => {
    restorePgliteFolder(target.dataDir, 'empty');
    const first = await prepareDatabase(target);
    expect(first.seeded).toBe(true);
    expect(first.migrationsApplied.length).toBeGreaterThan(0);

    const db = await openDatabase(target);
    await db.prisma.agentMemory.deleteMany({ where: { scope: 'actor:u1' } });
    await db.close();

    const restart = await prepareDatabase(target);
    expect(restart).toEqual({ migrationsApplied: [], seeded: false, memoriesCreated: 0 });
    const reopened = await openDatabase(target);
    expect(await reopened.prisma.agentMemory.count({ where: { scope: 'actor:u1' } })).toBe(0);
    await reopened.close();

    rmSync(target.dataDir, { recursive: true, force: true });
    const fresh = await prepareDatabase(target);
    expect(fresh.seeded).toBe(true);
    expect(fresh.migrationsApplied).toEqual(first.migrationsApplied);
    expect(fresh.memoriesCreated).toBe(first.memoriesCreated);
  }, 90_000);

  it('refuses to open a folder another process holds, and leaves it intact', async () => {
    const held = await openDatabase(target);
    try {
      const { writeFileSync } = await import('node:fs');
      // Pretend the holder is another live process (our parent) rather than ourselves.
      writeFileSync(path.join(target.dataDir, 'memory-console.lock'), String(process.ppid));
      await expect(openDatabase(target)).rejects.toThrow(FolderLockedError);
      expect(await held.prisma.user.count()).toBeGreaterThan(0);
    } finally {
      await held.close();
    }
  }, 60_000);
});
