import { describe, expect, it } from 'vitest';
import { decideSession, sessionExpiresAt, signedInRecently } from './session-expiry';

const signedIn = new Date('2026-12-01T08:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const after = (ms: number) => new Date(signedIn.getTime() + ms);
const fresh = { lastSeenAt: signedIn, expiresAt: sessionExpiresAt(signedIn), revokedAt: null };

describe('session expiry', () => {
  it('ends seven days after sign-in', () => {
    expect(sessionExpiresAt(signedIn)).toEqual(after(7 * 24 * HOUR));
    const busy = { ...fresh, lastSeenAt: after(7 * 24 * HOUR - 1000) };
    expect(decideSession(busy, after(7 * 24 * HOUR - 1))).toEqual({ active: true, touch: false });
    expect(decideSession(busy, after(7 * 24 * HOUR))).toEqual({ active: false, reason: 'EXPIRED' });
  });

  it('ends after eight hours without a request', () => {
    expect(decideSession(fresh, after(8 * HOUR - 1))).toEqual({ active: true, touch: true });
    expect(decideSession(fresh, after(8 * HOUR))).toEqual({ active: false, reason: 'IDLE' });
  });

  it('ends when revoked, whatever the times', () => {
    expect(decideSession({ ...fresh, revokedAt: signedIn }, after(1))).toEqual({ active: false, reason: 'REVOKED' });
  });

  it('asks for a "last seen" write at most once a minute', () => {
    expect(decideSession(fresh, after(59_999))).toEqual({ active: true, touch: false });
    expect(decideSession(fresh, after(60_000))).toEqual({ active: true, touch: true });
  });
});

describe('signedInRecently', () => {
  const signIn = new Date('2026-12-01T10:00:00Z');
  const at = (minutes: number) => new Date(signIn.getTime() + minutes * 60_000);

  it.each([
    ['just signed in', null, 0, true],
    ['ten minutes after signing in', null, 10, true],
    ['a moment past ten minutes', null, 10.01, false],
    ['an hour later, password confirmed five minutes ago', at(55), 60, true],
    ['an hour later, password confirmed eleven minutes ago', at(49), 60, false],
  ])('%s', (_name, reauthenticatedAt, minutes, expected) => {
    expect(signedInRecently({ createdAt: signIn, reauthenticatedAt }, at(minutes))).toBe(expected);
  });
});
