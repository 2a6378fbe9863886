import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

// Written by bcryptjs (the pure-JavaScript implementation the console used before) for "demo".
const BCRYPTJS_HASH = '$2b$10$uqgfpmpkNNbteh82nGcB8OVv2EmuJOnJpq92wI4S19XgtgBUon6HS';

describe('password hashing', () => {
  it('verifies hashes written by the earlier implementation', async () => {
    expect(await verifyPassword('demo', BCRYPTJS_HASH)).toBe(true);
    expect(await verifyPassword('Demo', BCRYPTJS_HASH)).toBe(false);
  });

  it('hashes and verifies a new password', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$2[ab]\$10\$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
  });

  it('refuses without a hash or with a malformed one', async () => {
    expect(await verifyPassword('demo', null)).toBe(false);
    expect(await verifyPassword('demo', 'not-a-hash')).toBe(false);
  });

  it('spends a full bcrypt check when there is no hash, as long as a real check takes', async () => {
    await verifyPassword('warm-up', null);
    const time = async (hash: string | null) => {
      const started = performance.now();
      for (let i = 0; i < 5; i++) await verifyPassword('guess', hash);
      return performance.now() - started;
    };
    const real = await time(BCRYPTJS_HASH);
    const none = await time(null);
    expect(none).toBeGreaterThan(real * 0.5);
  });

  it('does not block the event loop while hashing', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await Promise.all(Array.from({ length: 4 }, () => verifyPassword('guess', BCRYPTJS_HASH)));
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(5);
  });
});
