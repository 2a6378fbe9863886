import { describe, expect, it } from 'vitest';
import { ROTATION_GRACE_MS, rotatedExpiry, tokenStanding } from './token-lifetime';

const NOW = new Date('2026-12-04T12:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);
const HOUR = 3_600_000;

describe('tokenStanding', () => {
  it.each([
    ['a plain token', { revokedAt: null, expiresAt: null, rotatedAt: null }, 'active'],
    ['before its expiry', { revokedAt: null, expiresAt: at(1), rotatedAt: null }, 'active'],
    ['at its expiry', { revokedAt: null, expiresAt: NOW, rotatedAt: null }, 'expired'],
    ['revoked', { revokedAt: at(-1), expiresAt: null, rotatedAt: null }, 'revoked'],
    ['revoked beats expired', { revokedAt: at(-1), expiresAt: at(-HOUR), rotatedAt: null }, 'revoked'],
    ['rotated 23 h ago', { revokedAt: null, expiresAt: null, rotatedAt: at(-23 * HOUR) }, 'retiring'],
    ['rotated exactly 24 h ago', { revokedAt: null, expiresAt: null, rotatedAt: at(-ROTATION_GRACE_MS) }, 'retired'],
    ['rotated, expiring before the grace ends', { revokedAt: null, expiresAt: at(-HOUR), rotatedAt: at(-2 * HOUR) }, 'expired'],
    ['rotated long ago, expired later', { revokedAt: null, expiresAt: at(-HOUR), rotatedAt: at(-48 * HOUR) }, 'retired'],
  ] as const)('%s → %s', (_case, times, state) => {
    expect(tokenStanding(times, NOW).state).toBe(state);
  });

  it('a retiring token is accepted until the earlier of its expiry and the end of the grace', () => {
    expect(tokenStanding({ revokedAt: null, expiresAt: null, rotatedAt: NOW }, NOW)).toEqual({
      state: 'retiring',
      until: at(ROTATION_GRACE_MS),
    });
    expect(tokenStanding({ revokedAt: null, expiresAt: at(HOUR), rotatedAt: NOW }, NOW)).toEqual({ state: 'retiring', until: at(HOUR) });
  });
});

describe('rotatedExpiry', () => {
  it('keeps no expiry, or the same lifetime counted from the rotation', () => {
    expect(rotatedExpiry({ createdAt: at(-10 * HOUR), expiresAt: null }, NOW)).toBeNull();
    expect(rotatedExpiry({ createdAt: at(-10 * HOUR), expiresAt: at(20 * HOUR) }, NOW)).toEqual(at(30 * HOUR));
  });
});
