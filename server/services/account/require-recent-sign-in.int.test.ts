// Sudo mode (docs/operations.md "Sessions"): sensitive actions need a sign-in, or a confirmed
// password, from the last ten minutes.
import { describe, expect, it } from 'vitest';
import { ACCOUNT_THROTTLE } from '../../domain';
import { DomainError } from '../../errors/domain-error';
import { INSTALLER_EMAIL } from '../seed/demo-data';
import { SEED_NOW, useSeededDatabase } from '../../testing/seeded-database';
import { serviceContext } from '../context';
import { requireRecentSignIn } from './require-recent-sign-in';

const db = useSeededDatabase();
const MINUTE = 60_000;

/** Asks at `minutes` after the session began; resolves to null when allowed, else the refusal's reason. */
async function ask(session: { userId: string; sessionId: string }, minutes: number, password?: string) {
  const ctx = serviceContext(db.prisma, { now: () => new Date(SEED_NOW.getTime() + minutes * MINUTE) });
  try {
    await requireRecentSignIn({ ctx, input: { viewer: session, password } });
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, reason: error.details.reason };
  }
}

describe('requireRecentSignIn', () => {
  it('lets a session through for ten minutes after signing in, then asks for the password', async () => {
    const session = await db.sessionOf('bob@example.com');
    expect(await ask(session, 0)).toBeNull();
    expect(await ask(session, 10)).toBeNull();
    expect(await ask(session, 11)).toEqual({ code: 'FORBIDDEN', reason: 'REAUTH_REQUIRED' });
  });

  it('refuses a wrong password and accepts the right one, which opens another ten minutes', async () => {
    const session = await db.sessionOf('bob@example.com');
    expect(await ask(session, 30, 'not-the-password')).toEqual({ code: 'FORBIDDEN', reason: 'REAUTH_FAILED' });
    expect(await ask(session, 30, 'demo')).toBeNull();
    expect(await ask(session, 39)).toBeNull();
    expect(await ask(session, 41)).toEqual({ code: 'FORBIDDEN', reason: 'REAUTH_REQUIRED' });
  });

  it('counts wrong passwords against the account like sign-in attempts', async () => {
    const session = await db.sessionOf('gina@example.com');
    for (let i = 0; i < ACCOUNT_THROTTLE.maxFailures; i++) {
      expect(await ask(session, 30, `wrong-${i}`)).toEqual({ code: 'FORBIDDEN', reason: 'REAUTH_FAILED' });
    }
    // Once the account's limit is reached, even the right password waits.
    expect(await ask(session, 30, 'demo')).toEqual({ code: 'FORBIDDEN', reason: 'REAUTH_FAILED' });
  });

  it('tells a person without a password to sign in again', async () => {
    const session = await db.sessionOf(INSTALLER_EMAIL);
    expect(await ask(session, 30, 'anything')).toEqual({ code: 'FORBIDDEN', reason: 'REAUTH_SIGN_IN_AGAIN' });
  });

  it('refuses a session that belongs to someone else', async () => {
    const session = await db.sessionOf('bob@example.com');
    expect(await ask({ userId: await db.userId('alice@example.com'), sessionId: session.sessionId }, 0)).toEqual({
      code: 'FORBIDDEN',
      reason: 'REAUTH_REQUIRED',
    });
  });
});
