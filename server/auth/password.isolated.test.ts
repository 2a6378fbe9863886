import type * as bcrypt from '@node-rs/bcrypt';
import { verify } from '@node-rs/bcrypt';
import { describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from './password';

// The real bcrypt, observed: which hash each check runs against.
vi.mock('@node-rs/bcrypt', async (importOriginal) => {
  const real = await importOriginal<typeof bcrypt>();
  return { ...real, verify: vi.fn(real.verify) };
});

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

  it('spends a full bcrypt check at the real cost when there is no hash', async () => {
    const checks = vi.mocked(verify);
    checks.mockClear();
    expect(await verifyPassword('guess', null)).toBe(false);
    expect(await verifyPassword('guess', null)).toBe(false);
    // One real check per refusal, each against a hash of the same cost new passwords get.
    expect(checks).toHaveBeenCalledTimes(2);
    const costs = checks.mock.calls.map(([, hash]) => String(hash).split('$')[2]);
    expect(costs).toEqual([BCRYPTJS_HASH.split('$')[2], BCRYPTJS_HASH.split('$')[2]]);
  });

  it('does not block the event loop while hashing', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await Promise.all(Array.from({ length: 4 }, () => verifyPassword('guess', BCRYPTJS_HASH)));
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(5);
  });
});
