import { describe, expect, it } from 'vitest';
import { SIGN_IN_LINK_LIFETIME_MS, signInLinkExpiresAt, signInLinkState } from './sign-in-link';

const created = new Date('2026-11-30T12:00:00Z');

describe('sign-in links', () => {
  it('expire 72 hours after they are made', () => {
    expect(signInLinkExpiresAt(created).toISOString()).toBe('2026-12-03T12:00:00.000Z');
    expect(SIGN_IN_LINK_LIFETIME_MS).toBe(259_200_000);
  });
  it('are valid until the last millisecond, then expired', () => {
    const expiresAt = signInLinkExpiresAt(created);
    expect(signInLinkState({ usedAt: null, expiresAt }, new Date(expiresAt.getTime() - 1))).toBe('valid');
    expect(signInLinkState({ usedAt: null, expiresAt }, expiresAt)).toBe('expired');
  });
  it('say used once used, even after they would have expired', () => {
    const expiresAt = signInLinkExpiresAt(created);
    expect(signInLinkState({ usedAt: created, expiresAt }, created)).toBe('used');
    expect(signInLinkState({ usedAt: created, expiresAt }, new Date(expiresAt.getTime() + 1))).toBe('used');
  });
});
