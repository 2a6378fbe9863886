import { describe, expect, it } from 'vitest';
import { validateNewPassword } from './password-policy';

describe('new password policy', () => {
  it('accepts 8 characters or more that differ from the current one', () => {
    expect(validateNewPassword('correct horse', 'demo')).toEqual({ ok: true });
    expect(validateNewPassword('12345678', 'demo')).toEqual({ ok: true });
  });

  it.each([
    ['too short', '1234567', 'new password must be at least 8 characters (got 7)'],
    ['longer than bcrypt reads', 'ä'.repeat(37), 'new password must be at most 72 bytes (got 74)'],
    ['only spaces', '         ', 'new password must not be only spaces'],
    ['the current one', 'old-password', 'new password must differ from the current one'],
  ])('refuses a password that is %s, naming the field and limit', (_case, next, message) => {
    const verdict = validateNewPassword(next, 'old-password');
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.errors).toContainEqual({ field: 'next', message });
  });
});
