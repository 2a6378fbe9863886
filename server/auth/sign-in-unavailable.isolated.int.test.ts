// When the console cannot open its database (here: another process holds the embedded folder),
// email sign-in fails with a fixed code. next-auth copies that code into the redirect URL, so it
// must carry no folder path, pid or database text.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCK_FILE } from '../db/folder-lock';
import { testBackend } from '../testing/test-database';
import { withCountedSignIn } from './counted-sign-in';
import { getAuthOptions, SIGN_IN_UNAVAILABLE } from './options';

const dir = mkdtempSync(path.join(tmpdir(), 'mc-signin-'));
const dataDir = path.join(dir, 'pglite');

beforeAll(() => {
  vi.stubEnv('DATABASE_URL', '');
  vi.stubEnv('MEMORY_CONSOLE_LOCK_TOKEN', '');
  vi.stubEnv('MEMORY_CONSOLE_DATA_DIR', dataDir);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterAll(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(testBackend() !== 'pglite')('email sign-in while the database cannot be opened', () => {
  it('fails with the fixed code and never the folder path or the holder pid', async () => {
    mkdirSync(dataDir, { recursive: true });
    // Another live process (our parent) holds the folder.
    writeFileSync(path.join(dataDir, LOCK_FILE), String(process.ppid));
    const provider = getAuthOptions().providers.find((candidate) => candidate.id === 'credentials') as unknown as {
      options: { authorize(credentials: Record<string, string>, request: unknown): Promise<unknown> };
    };
    // As the sign-in route calls it: after the throttle counted this e-mail.
    const credentials = { email: 'alice@example.com', password: 'demo' };
    const failure = await withCountedSignIn(credentials.email, () => provider.options.authorize(credentials, {})).then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(failure!.message).toBe(SIGN_IN_UNAVAILABLE);
    expect(failure!.message).not.toContain(dir);
    expect(failure!.message).not.toContain(String(process.ppid));
    expect(console.error).toHaveBeenCalled();
  });
});
