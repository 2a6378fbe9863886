// Revocable sessions (docs/operations.md "Sessions") and the account page's API, from outside: tRPC
// callers and the REST handler, every demo person, and a dedicated person for password changes.
import { describe, expect, it } from 'vitest';
import { SESSION_IDLE_MS, SESSION_MAX_AGE_MS } from '../../domain';
import { DomainError } from '../../errors/domain-error';
import { handleListAgentMemories } from '../../http/agent-memories';
import { revokeSession } from '../../services/account/revoke-session';
import { createUser } from '../../services/users/create-user';
import { verifyCredentials } from '../../services/users/verify-credentials';
import { SEED_NOW, useSeededDatabase } from '../../testing/seeded-database';
import { errorOf } from '../../testing/trpc-error';
import { createCaller } from '../root';
import { createContextInner, type SessionLike } from '../trpc';

const db = useSeededDatabase();

const PERSONAS = ['alice@example.com', 'bob@example.com', 'olga@example.com', 'hana@example.com'];
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

function callerFor(session: SessionLike | null, now: Date = SEED_NOW) {
  return createCaller(createContextInner({ session, db: db.prisma, deps: { now: () => now } }));
}

async function restStatus(session: SessionLike, now: Date = SEED_NOW): Promise<number> {
  const response = await handleListAgentMemories(new Request('http://localhost/agent/memories'), {
    session,
    prisma: db.prisma,
    deps: { now: () => now },
  });
  return response.status;
}

let personCount = 0;
/** A person of their own, so password changes and disabling touch nobody else's tests. */
async function newPerson(password = 'first-password') {
  personCount++;
  const email = `session-${personCount}@example.com`;
  await createUser({
    ctx: db.ctx,
    input: { email, name: `Session ${personCount}`, password, actorRef: `s${personCount}`, tenantRef: 'berlin' },
  });
  return email;
}

describe('account.sessions', () => {
  it.each(PERSONAS)('%s sees their own open sessions, this one marked, nobody else’s', async (email) => {
    const other = await db.sessionOf(email, IPHONE);
    const current = await db.sessionOf(email, CHROME);
    const stranger = await db.sessionOf(email === 'alice@example.com' ? 'bob@example.com' : 'alice@example.com');
    const sessions = await callerFor(current).account.sessions();
    const ids = sessions.map((session) => session.id);
    expect(ids).toEqual(expect.arrayContaining([current.sessionId, other.sessionId]));
    expect(ids).not.toContain(stranger.sessionId);
    expect(sessions.find((session) => session.id === current.sessionId)).toMatchObject({ current: true, device: 'Chrome on Windows' });
    expect(sessions.find((session) => session.id === other.sessionId)).toMatchObject({ current: false, device: 'Safari on iPhone' });
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
  });

  it('answers UNAUTHORIZED when signed out', async () => {
    expect((await errorOf(callerFor(null).account.sessions())).code).toBe('UNAUTHORIZED');
  });
});

describe('a session that has ended lets nobody in', () => {
  it.each(PERSONAS)('signing out (%s) ends that session on tRPC and REST; other sessions go on', async (email) => {
    const signedOut = await db.sessionOf(email);
    const elsewhere = await db.sessionOf(email);
    await expect(callerFor(signedOut).viewer.me()).resolves.toMatchObject({ email });
    await revokeSession({ ctx: db.ctx, input: { sessionId: signedOut.sessionId } });
    expect((await errorOf(callerFor(signedOut).viewer.me())).code).toBe('UNAUTHORIZED');
    expect(await restStatus(signedOut)).toBe(401);
    await expect(callerFor(elsewhere).viewer.me()).resolves.toMatchObject({ email });
  });

  it('refuses a session id that does not exist or belongs to someone else', async () => {
    const bobs = await db.sessionOf('bob@example.com');
    const forged = { userId: await db.userId('alice@example.com'), sessionId: bobs.sessionId };
    expect((await errorOf(callerFor(forged).viewer.me())).code).toBe('UNAUTHORIZED');
    expect((await errorOf(callerFor({ ...forged, sessionId: 'ses_unknown' }).viewer.me())).code).toBe('UNAUTHORIZED');
    expect(await restStatus(forged)).toBe(401);
  });

  it('ends after 8 hours without a request', async () => {
    const session = await db.sessionOf('alice@example.com');
    const almost = new Date(SEED_NOW.getTime() + SESSION_IDLE_MS - 1000);
    await expect(callerFor(session, almost).viewer.me()).resolves.toMatchObject({ email: 'alice@example.com' });
    // That request counted as activity, so the idle clock restarts from it…
    const later = new Date(almost.getTime() + SESSION_IDLE_MS - 1000);
    await expect(callerFor(session, later).viewer.me()).resolves.toMatchObject({ email: 'alice@example.com' });
    // …and 8 hours of silence after the last one end it.
    const idle = new Date(later.getTime() + SESSION_IDLE_MS);
    expect((await errorOf(callerFor(session, idle).viewer.me())).code).toBe('UNAUTHORIZED');
    expect(await restStatus(session, idle)).toBe(401);
  });

  it('ends 7 days after sign-in however busy it is', async () => {
    const session = await db.sessionOf('hana@example.com');
    const HOUR = 60 * 60 * 1000;
    for (let hour = 4; hour < SESSION_MAX_AGE_MS / HOUR; hour += 4) {
      await callerFor(session, new Date(SEED_NOW.getTime() + hour * HOUR)).viewer.me();
    }
    const end = new Date(SEED_NOW.getTime() + SESSION_MAX_AGE_MS);
    expect((await errorOf(callerFor(session, end).viewer.me())).code).toBe('UNAUTHORIZED');
  });

  it('writes "last seen" at most once a minute', async () => {
    const session = await db.sessionOf('olga@example.com');
    const lastSeen = async () => (await db.prisma.userSession.findUniqueOrThrow({ where: { id: session.sessionId } })).lastSeenAt;
    await Promise.all(Array.from({ length: 5 }, () => callerFor(session, new Date(SEED_NOW.getTime() + 30_000)).viewer.me()));
    expect(await lastSeen()).toEqual(SEED_NOW);
    const minuteLater = new Date(SEED_NOW.getTime() + 61_000);
    await Promise.all(Array.from({ length: 5 }, () => callerFor(session, minuteLater).viewer.me()));
    expect(await lastSeen()).toEqual(minuteLater);
  });

  it('disabling a user ends all their sessions; enabling them again does not bring those back', async () => {
    const email = await newPerson();
    const first = await db.sessionOf(email);
    const second = await db.sessionOf(email);
    await db.prisma.user.update({ where: { email }, data: { disabled: true } });
    await db.prisma.user.update({ where: { email }, data: { disabled: false } });
    for (const session of [first, second]) {
      expect((await errorOf(callerFor(session).viewer.me())).code).toBe('UNAUTHORIZED');
      expect(await restStatus(session)).toBe(401);
    }
    // A new sign-in works again.
    await expect(callerFor(await db.sessionOf(email)).viewer.me()).resolves.toMatchObject({ email });
  });
});

describe('account.endSession and account.endOtherSessions', () => {
  it.each(PERSONAS)('%s ends one of their other sessions; that device is signed out', async (email) => {
    const here = await db.sessionOf(email);
    const there = await db.sessionOf(email);
    await callerFor(here).account.endSession({ id: there.sessionId });
    expect((await errorOf(callerFor(there).viewer.me())).code).toBe('UNAUTHORIZED');
    expect(await restStatus(there)).toBe(401);
    await expect(callerFor(here).viewer.me()).resolves.toMatchObject({ email });
    expect((await callerFor(here).account.sessions()).map((session) => session.id)).not.toContain(there.sessionId);
  });

  it('answers NOT_FOUND for someone else’s session, an ended one or an unknown id, and ends nothing', async () => {
    const alice = await db.sessionOf('alice@example.com');
    const bob = await db.sessionOf('bob@example.com');
    expect((await errorOf(callerFor(alice).account.endSession({ id: bob.sessionId }))).code).toBe('NOT_FOUND');
    await expect(callerFor(bob).viewer.me()).resolves.toMatchObject({ email: 'bob@example.com' });
    expect((await errorOf(callerFor(alice).account.endSession({ id: 'ses_nope' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(callerFor(alice).account.endSession({ id: 'x'.repeat(30) }))).code).toBe('NOT_FOUND');
    const tooLong = await errorOf(callerFor(alice).account.endSession({ id: 'x'.repeat(5000) }));
    expect(tooLong.code).toBe('BAD_REQUEST');
    expect(tooLong.message).toContain('id must be at most 30 characters');
    const ended = await db.sessionOf('alice@example.com');
    await revokeSession({ ctx: db.ctx, input: { sessionId: ended.sessionId } });
    expect((await errorOf(callerFor(alice).account.endSession({ id: ended.sessionId }))).code).toBe('NOT_FOUND');
  });

  it('refuses signed-out callers', async () => {
    expect((await errorOf(callerFor(null).account.endSession({ id: 'ses_x' }))).code).toBe('UNAUTHORIZED');
    expect((await errorOf(callerFor(null).account.endOtherSessions())).code).toBe('UNAUTHORIZED');
  });

  it.each(PERSONAS)('"sign out everywhere else" (%s) keeps only this session and nobody else’s', async (email) => {
    const here = await db.sessionOf(email);
    const others = [await db.sessionOf(email), await db.sessionOf(email)];
    const someoneElse = await db.sessionOf(email === 'hana@example.com' ? 'alice@example.com' : 'hana@example.com');
    const { ended } = await callerFor(here).account.endOtherSessions();
    expect(ended).toBeGreaterThanOrEqual(2);
    for (const other of others) expect((await errorOf(callerFor(other).viewer.me())).code).toBe('UNAUTHORIZED');
    await expect(callerFor(here).viewer.me()).resolves.toMatchObject({ email });
    await expect(callerFor(someoneElse).viewer.me()).resolves.toBeTruthy();
    expect((await callerFor(here).account.sessions()).map((session) => session.id)).toEqual([here.sessionId]);
  });
});

describe('account.changePassword', () => {
  it('changes the password, ends every other session and keeps this one', async () => {
    const email = await newPerson('first-password');
    const here = await db.sessionOf(email);
    const there = await db.sessionOf(email);
    const result = await callerFor(here).account.changePassword({ current: 'first-password', next: 'second-password' });
    expect(result).toEqual({ endedSessions: 1 });
    expect((await errorOf(callerFor(there).viewer.me())).code).toBe('UNAUTHORIZED');
    expect(await restStatus(there)).toBe(401);
    await expect(callerFor(here).viewer.me()).resolves.toMatchObject({ email });
    expect(await verifyCredentials({ ctx: db.ctx, input: { email: email, password: 'first-password' } })).toBeNull();
    expect(await verifyCredentials({ ctx: db.ctx, input: { email: email, password: 'second-password' } })).toMatchObject({ email });
  });

  it.each([
    ['a wrong current password', { current: 'not-it', next: 'second-password' }, 'current', 'current password is wrong'],
    ['a short new one', { current: 'first-password', next: 'short' }, 'next', 'new password must be at least 8 characters (got 5)'],
    ['the same one again', { current: 'first-password', next: 'first-password' }, 'next', 'new password must differ from the current one'],
    [
      'one longer than bcrypt reads',
      { current: 'first-password', next: 'ä'.repeat(37) },
      'next',
      'new password must be at most 72 bytes (got 74)',
    ],
  ])('refuses %s naming the field, and changes nothing', async (_case, input, field, message) => {
    const email = await newPerson('first-password');
    const here = await db.sessionOf(email);
    const there = await db.sessionOf(email);
    const error = await errorOf(callerFor(here).account.changePassword(input));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.cause).toBeInstanceOf(DomainError);
    expect((error.cause as DomainError).details.fieldErrors).toContainEqual({ field, message });
    expect(await verifyCredentials({ ctx: db.ctx, input: { email: email, password: 'first-password' } })).toMatchObject({ email });
    await expect(callerFor(there).viewer.me()).resolves.toMatchObject({ email });
  });

  it('refuses a password longer than any password can be, before the password rules, with a named field', async () => {
    const here = await db.sessionOf(await newPerson());
    const error = await errorOf(callerFor(here).account.changePassword({ current: 'first-password', next: 'x'.repeat(73) }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain('next must be at most 72 characters');
  });

  it('refuses a person who signs in with single sign-on only', async () => {
    await createUser({ ctx: db.ctx, input: { email: 'sso-only@example.com', name: 'SSO', actorRef: 'sso1', tenantRef: 'berlin' } });
    const here = await db.sessionOf('sso-only@example.com');
    const error = await errorOf(callerFor(here).account.changePassword({ current: '', next: 'second-password' }));
    expect(error.code).toBe('FORBIDDEN');
  });

  it('refuses signed-out callers', async () => {
    expect((await errorOf(callerFor(null).account.changePassword({ current: 'a', next: 'second-password' }))).code).toBe('UNAUTHORIZED');
  });

  it('of two changes at once, exactly one wins', async () => {
    const email = await newPerson('first-password');
    const a = await db.sessionOf(email);
    const b = await db.sessionOf(email);
    const results = await Promise.allSettled([
      callerFor(a).account.changePassword({ current: 'first-password', next: 'password-from-a' }),
      callerFor(b).account.changePassword({ current: 'first-password', next: 'password-from-b' }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const winner = results[0].status === 'fulfilled' ? 'password-from-a' : 'password-from-b';
    expect(await verifyCredentials({ ctx: db.ctx, input: { email: email, password: winner } })).toMatchObject({ email });
  });
});
