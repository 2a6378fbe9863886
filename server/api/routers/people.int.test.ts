// People through tRPC (docs/concepts.md "People and access"): who may list, invite, rename,
// disable, enable and reset whom, for every demo persona and target; the one-time links (single
// use, expiry, a race for one link); the last-administrator rule under a race; the audit rows.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GINA, HANA, OLGA, ALICE, BOB } from '../../testing/facts-personas';
import { SEED_NOW, useSeededDatabase } from '../../testing/seeded-database';
import { errorOf } from '../../testing/trpc-error';
import { INSTALLER_EMAIL } from '../../services/seed/demo-data';
import { createUser } from '../../services/users/create-user';
import { grantRole } from '../../services/users/grant-role';
import { provisionOidcUser } from '../../services/users/provision-oidc-user';
import { verifyCredentials } from '../../services/users/verify-credentials';
import { SIGN_IN_LINK_LIFETIME_MS } from '../../domain';
import { createCaller } from '../root';
import { createContextInner } from '../trpc';

const db = useSeededDatabase();

type Target = 'berlin' | 'hamburg' | 'global';
type Outcome = 'ok' | 'FORBIDDEN' | 'NOT_FOUND';
const PERSONAS = [ALICE, BOB, HANA, OLGA, GINA];

/** Who may act on a person of each target: their tenant's admins and the global admin; the installer is nobody's. */
const ON_PERSON: Record<string, Record<Target, Outcome>> = {
  [ALICE]: { berlin: 'FORBIDDEN', hamburg: 'NOT_FOUND', global: 'NOT_FOUND' },
  [BOB]: { berlin: 'ok', hamburg: 'NOT_FOUND', global: 'NOT_FOUND' },
  [HANA]: { berlin: 'NOT_FOUND', hamburg: 'FORBIDDEN', global: 'NOT_FOUND' },
  [OLGA]: { berlin: 'FORBIDDEN', hamburg: 'NOT_FOUND', global: 'NOT_FOUND' },
  [GINA]: { berlin: 'ok', hamburg: 'ok', global: 'NOT_FOUND' },
};
const PERSON_CASES = PERSONAS.flatMap((who) =>
  (['berlin', 'hamburg', 'global'] as Target[]).map((target) => ({ who, target, expected: ON_PERSON[who]![target] })),
);

let made = 0;
/** A fresh person of the target's tenant (the installer, a system principal, for `global`). */
async function personOf(target: Target, options: { password?: string } = {}): Promise<string> {
  if (target === 'global') return db.userId(INSTALLER_EMAIL);
  made += 1;
  const user = await createUser({
    ctx: db.ctx,
    input: { email: `person${made}@people.test`, name: `Person ${made}`, actorRef: `people-${made}`, tenantRef: target, ...options },
  });
  return user.id;
}

/** A caller whose clock is `now`, signed in through `session` (or signed out). */
function callerAt(now: Date, session: { userId: string; sessionId: string } | null = null) {
  return createCaller(() => createContextInner({ session, db: db.prisma, deps: { now: () => now } }));
}

async function expectOutcome(call: Promise<unknown>, expected: Outcome) {
  if (expected === 'ok') return call;
  expect((await errorOf(call)).code).toBe(expected);
  return null;
}

function tokenOf(path: string): string {
  return path.replace(/^\/welcome\//, '');
}

describe('people.list', () => {
  const LIST: Record<string, Record<Target, Outcome>> = {
    [ALICE]: { berlin: 'FORBIDDEN', hamburg: 'NOT_FOUND', global: 'FORBIDDEN' },
    [BOB]: { berlin: 'ok', hamburg: 'NOT_FOUND', global: 'ok' },
    [HANA]: { berlin: 'NOT_FOUND', hamburg: 'FORBIDDEN', global: 'FORBIDDEN' },
    [OLGA]: { berlin: 'FORBIDDEN', hamburg: 'NOT_FOUND', global: 'FORBIDDEN' },
    [GINA]: { berlin: 'ok', hamburg: 'ok', global: 'ok' },
  };
  const cases = PERSONAS.flatMap((who) =>
    (['berlin', 'hamburg', 'global'] as Target[]).map((target) => ({ who, target, expected: LIST[who]![target] })),
  );
  it.each(cases)('$who lists $target → $expected', async ({ who, target, expected }) => {
    const caller = await db.callerAs(who);
    const result = await expectOutcome(caller.people.list({ tenantRef: target === 'global' ? undefined : target, limit: 100 }), expected);
    if (!result) return;
    const people = (result as Awaited<ReturnType<typeof caller.people.list>>).people;
    expect(people.map((person) => person.email)).not.toContain(INSTALLER_EMAIL);
    const tenants = new Set(people.map((person) => person.tenantRef));
    if (target !== 'global') expect([...tenants]).toEqual([target]);
    if (target === 'global') expect([...tenants].sort()).toEqual(who === GINA ? ['berlin', 'hamburg'] : ['berlin']);
  });

  it('searches name and email, any case', async () => {
    const bob = await db.callerAs(BOB);
    expect((await bob.people.list({ query: 'ADLER' })).people.map((person) => person.email)).toEqual([ALICE]);
    expect((await bob.people.list({ query: 'frida@' })).people.map((person) => person.name)).toEqual(['Frida Fuchs']);
    expect((await bob.people.list({ query: 'hana' })).people).toEqual([]);
  });

  it('pages by name with a cursor, each person once, in order', async () => {
    const gina = await db.callerAs(GINA);
    const all = (await gina.people.list({ limit: 100 })).people;
    const walked: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await gina.people.list({ limit: 3, cursor });
      expect(page.people.length).toBeLessThanOrEqual(3);
      walked.push(...page.people.map((person) => person.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(walked).toEqual(all.map((person) => person.id));
    expect(new Set(walked).size).toBe(walked.length);
  });

  it('refuses a made-up cursor and a page too large, naming the field', async () => {
    const bob = await db.callerAs(BOB);
    const cursor = await errorOf(bob.people.list({ cursor: 'nonsense' }));
    expect(cursor.code).toBe('BAD_REQUEST');
    expect(cursor.message).toContain('cursor');
    const limit = await errorOf(bob.people.list({ limit: 1000 }));
    expect(limit.code).toBe('BAD_REQUEST');
    expect(limit.message).toContain('limit must be at most 100');
  });
});

describe('people.invite', () => {
  const INVITE: Record<string, Record<Target, Outcome>> = {
    [ALICE]: { berlin: 'FORBIDDEN', hamburg: 'NOT_FOUND', global: 'NOT_FOUND' },
    [BOB]: { berlin: 'ok', hamburg: 'NOT_FOUND', global: 'NOT_FOUND' },
    [HANA]: { berlin: 'NOT_FOUND', hamburg: 'FORBIDDEN', global: 'NOT_FOUND' },
    [OLGA]: { berlin: 'FORBIDDEN', hamburg: 'NOT_FOUND', global: 'NOT_FOUND' },
    [GINA]: { berlin: 'ok', hamburg: 'ok', global: 'NOT_FOUND' },
  };
  const cases = PERSONAS.flatMap((who) =>
    (['berlin', 'hamburg', 'global'] as Target[]).map((target) => ({ who, target, expected: INVITE[who]![target] })),
  );
  it.each(cases)('$who invites into $target → $expected', async ({ who, target, expected }) => {
    const caller = await db.callerAs(who);
    const email = `invite-${who.split('@')[0]}-${target}@people.test`;
    const users = await db.prisma.user.count();
    const result = await expectOutcome(caller.people.invite({ tenantRef: target, email, name: 'New Person' }), expected);
    if (!result) {
      expect(await db.prisma.user.count()).toBe(users);
      expect(await db.prisma.signInLink.count({ where: { user: { email } } })).toBe(0);
      return;
    }
    const person = await db.prisma.user.findUniqueOrThrow({ where: { email } });
    expect(person).toMatchObject({ tenantRef: target, passwordHash: null, disabled: false, system: false });
    expect(person.actorRef).toMatch(/^[a-z0-9]+$/);
  });

  it('stores only the hash of the link, expiring in 72 hours, and audits the invite for the person', async () => {
    const bob = await db.callerAs(BOB);
    const invited = await bob.people.invite({ tenantRef: 'berlin', email: 'Hashed@People.test', name: 'Hashed Person' });
    expect(invited.person.email).toBe('hashed@people.test');
    const token = tokenOf(invited.link.path);
    const link = await db.prisma.signInLink.findFirstOrThrow({ where: { userId: invited.person.id } });
    expect(link.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(link)).not.toContain(token);
    expect(link.expiresAt.getTime() - SEED_NOW.getTime()).toBe(SIGN_IN_LINK_LIFETIME_MS);
    const audit = await db.prisma.auditEvent.findFirstOrThrow({ where: { action: 'person.invited', subjectUserId: invited.person.id } });
    expect(audit).toMatchObject({ userId: await db.userId(BOB), tenantRef: 'berlin', scope: 'tenant:berlin' });
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it('refuses an email that already has an account (any tenant) and bad input, naming the field', async () => {
    const bob = await db.callerAs(BOB);
    const clash = await errorOf(bob.people.invite({ tenantRef: 'berlin', email: 'HANA@example.com', name: 'Hana again' }));
    expect(clash.code).toBe('CONFLICT');
    const long = await errorOf(bob.people.invite({ tenantRef: 'berlin', email: 'long@people.test', name: 'x'.repeat(121) }));
    expect(long.code).toBe('BAD_REQUEST');
    expect(long.message).toContain('at most 120 characters');
    const email = await errorOf(bob.people.invite({ tenantRef: 'berlin', email: 'not an email', name: 'X' }));
    expect(email.code).toBe('BAD_REQUEST');
    expect(email.message).toContain('email');
  });

  it('lets one of two invites of the same email through', async () => {
    const [bob, gina] = await Promise.all([db.callerAs(BOB), db.callerAs(GINA)]);
    const results = await Promise.allSettled([
      bob.people.invite({ tenantRef: 'berlin', email: 'twice@people.test', name: 'Twice' }),
      gina.people.invite({ tenantRef: 'hamburg', email: 'twice@people.test', name: 'Twice' }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'CONFLICT' });
    expect(await db.prisma.user.count({ where: { email: 'twice@people.test' } })).toBe(1);
  });
});

describe('people.update, disable, enable, resetPassword: who may act on whom', () => {
  it.each(PERSON_CASES)('$who renames a person of $target → $expected', async ({ who, target, expected }) => {
    const id = await personOf(target);
    const before = await db.prisma.user.findUniqueOrThrow({ where: { id } });
    const result = await expectOutcome((await db.callerAs(who)).people.update({ userId: id, name: 'Renamed' }), expected);
    const after = await db.prisma.user.findUniqueOrThrow({ where: { id } });
    expect(after.name).toBe(result ? 'Renamed' : before.name);
  });

  it.each(PERSON_CASES)('$who disables a person of $target → $expected', async ({ who, target, expected }) => {
    const id = await personOf(target);
    const result = await expectOutcome((await db.callerAs(who)).people.disable({ userId: id }), expected);
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id } })).disabled).toBe(result !== null);
  });

  it.each(PERSON_CASES)('$who enables a person of $target → $expected', async ({ who, target, expected }) => {
    const id = await personOf(target);
    if (target !== 'global') await db.prisma.user.update({ where: { id }, data: { disabled: true } });
    const result = await expectOutcome((await db.callerAs(who)).people.enable({ userId: id }), expected);
    if (target !== 'global') expect((await db.prisma.user.findUniqueOrThrow({ where: { id } })).disabled).toBe(result === null);
  });

  it.each(PERSON_CASES)('$who resets the password of a person of $target → $expected', async ({ who, target, expected }) => {
    const id = await personOf(target, target === 'global' ? {} : { password: 'old-password' });
    const links = await db.prisma.signInLink.count({ where: { userId: id } });
    const result = await expectOutcome((await db.callerAs(who)).people.resetPassword({ userId: id }), expected);
    expect(await db.prisma.signInLink.count({ where: { userId: id } })).toBe(links + (result ? 1 : 0));
  });

  it('answers NOT_FOUND for an id of any shape', async () => {
    const bob = await db.callerAs(BOB);
    expect((await errorOf(bob.people.update({ userId: 'usr_nobody', name: 'X' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(bob.people.get({ userId: '../../etc' }))).code).toBe('NOT_FOUND');
  });

  it('audits each change with the person as its subject, shown on their account page', async () => {
    const id = await personOf('berlin', { password: 'old-password' });
    const bob = await db.callerAs(BOB);
    await bob.people.update({ userId: id, name: 'Audited Person' });
    await bob.people.resetPassword({ userId: id });
    await bob.people.disable({ userId: id });
    await bob.people.enable({ userId: id });
    const rows = await db.prisma.auditEvent.findMany({ where: { subjectUserId: id }, orderBy: { seq: 'asc' } });
    expect(rows.map((row) => row.action)).toEqual(['person.renamed', 'person.password-reset', 'person.disabled', 'person.enabled']);
    expect(rows[0]).toMatchObject({ before: { name: expect.stringMatching(/^Person/) }, after: { name: 'Audited Person' } });
    const person = await db.prisma.user.findUniqueOrThrow({ where: { id } });
    const session = await db.sessionOf(person.email);
    const changes = await callerAt(SEED_NOW, session).account.accessChanges();
    expect(changes.map((change) => [change.action, change.by])).toEqual([
      ['person.enabled', 'Bob Brandt'],
      ['person.disabled', 'Bob Brandt'],
      ['person.password-reset', 'Bob Brandt'],
      ['person.renamed', 'Bob Brandt'],
    ]);
    expect(await (await db.callerAs(ALICE)).account.accessChanges()).toEqual([]);
  });
});

describe('disabling', () => {
  it('ends the person’s open session on its next request, and they cannot sign in', async () => {
    const id = await personOf('berlin', { password: 'their-password' });
    const person = await db.prisma.user.findUniqueOrThrow({ where: { id } });
    const session = await db.sessionOf(person.email);
    const theirs = callerAt(SEED_NOW, session);
    expect((await theirs.viewer.me()).email).toBe(person.email);
    await (await db.callerAs(BOB)).people.disable({ userId: id });
    expect((await errorOf(theirs.viewer.me())).code).toBe('UNAUTHORIZED');
    expect(await verifyCredentials({ ctx: db.ctx, input: { email: person.email, password: 'their-password' } })).toBeNull();
    expect(await db.prisma.userSession.count({ where: { userId: id, revokedAt: null } })).toBe(0);
    // Enabling again lets them sign in anew, but does not bring the old session back.
    await (await db.callerAs(BOB)).people.enable({ userId: id });
    expect((await errorOf(theirs.viewer.me())).code).toBe('UNAUTHORIZED');
    expect(await verifyCredentials({ ctx: db.ctx, input: { email: person.email, password: 'their-password' } })).not.toBeNull();
  });

  it('refuses to disable yourself', async () => {
    const error = await errorOf((await db.callerAs(BOB)).people.disable({ userId: await db.userId(BOB) }));
    expect(error.code).toBe('FORBIDDEN');
    expect(error.cause).toMatchObject({ details: { reason: 'SELF' } });
    expect((await db.prisma.user.findUniqueOrThrow({ where: { email: BOB } })).disabled).toBe(false);
  });

  it('refuses to disable the last administrator of a tenant, and allows it once there is another', async () => {
    const gina = await db.callerAs(GINA);
    const bobId = await db.userId(BOB);
    const refused = await errorOf(gina.people.disable({ userId: bobId }));
    expect(refused.code).toBe('FORBIDDEN');
    expect(refused.cause).toMatchObject({ details: { reason: 'LAST_ADMINISTRATOR' } });
    expect(await db.prisma.auditEvent.count({ where: { action: 'person.disabled', subjectUserId: bobId } })).toBe(0);
  });

  it('of two administrators disabled at once, keeps one (race)', async () => {
    const hamburgAdmins = await Promise.all([personOf('hamburg'), personOf('hamburg')]);
    for (const userId of hamburgAdmins) await grantRole({ ctx: db.ctx, input: { userId, scope: 'tenant:hamburg', role: 'admin' } });
    const gina = await db.callerAs(GINA);
    const results = await Promise.allSettled(hamburgAdmins.map((userId) => gina.people.disable({ userId })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'FORBIDDEN', cause: { details: { reason: 'LAST_ADMINISTRATOR' } } });
    expect(await db.prisma.user.count({ where: { id: { in: hamburgAdmins }, disabled: false } })).toBe(1);
  });

  it('of two administrators disabling each other at once, keeps one (race)', async () => {
    const ids = await Promise.all([personOf('hamburg', { password: 'pw-one-1234' }), personOf('hamburg', { password: 'pw-two-1234' })]);
    // The previous test left one enabled Hamburg admin: disable them so these two are the only ones.
    await db.prisma.user.updateMany({
      where: { tenantRef: 'hamburg', grants: { some: { scope: 'tenant:hamburg' } } },
      data: { disabled: true },
    });
    for (const userId of ids) await grantRole({ ctx: db.ctx, input: { userId, scope: 'tenant:hamburg', role: 'admin' } });
    const emails = await Promise.all(ids.map(async (id) => (await db.prisma.user.findUniqueOrThrow({ where: { id } })).email));
    const [first, second] = await Promise.all(emails.map((email) => db.callerAs(email)));
    const results = await Promise.allSettled([first!.people.disable({ userId: ids[1]! }), second!.people.disable({ userId: ids[0]! })]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await db.prisma.user.count({ where: { id: { in: ids }, disabled: false } })).toBe(1);
  });
});

describe('one-time links', () => {
  async function invited(email: string) {
    const bob = await db.callerAs(BOB);
    const result = await bob.people.invite({ tenantRef: 'berlin', email, name: 'Linked Person' });
    return { id: result.person.id, token: tokenOf(result.link.path) };
  }

  it('shows who an invite is for, sets the password once, then says it was used', async () => {
    const { id, token } = await invited('accept@people.test');
    const anyone = callerAt(SEED_NOW);
    expect(await anyone.people.link({ token })).toMatchObject({
      state: 'valid',
      kind: 'invite',
      email: 'accept@people.test',
      name: 'Linked Person',
    });
    expect(await anyone.people.acceptLink({ token, password: 'a-good-password' })).toEqual({ email: 'accept@people.test' });
    expect(await verifyCredentials({ ctx: db.ctx, input: { email: 'accept@people.test', password: 'a-good-password' } })).toMatchObject({
      id,
    });
    expect(await anyone.people.link({ token })).toEqual({ state: 'used' });
    const again = await errorOf(anyone.people.acceptLink({ token, password: 'another-password' }));
    expect(again.code).toBe('CONFLICT');
    expect(again.cause).toMatchObject({ details: { reason: 'LINK_USED' } });
    expect(await verifyCredentials({ ctx: db.ctx, input: { email: 'accept@people.test', password: 'another-password' } })).toBeNull();
    expect(await db.prisma.auditEvent.count({ where: { action: 'person.invite-accepted', subjectUserId: id, userId: id } })).toBe(1);
  });

  it('expires after 72 hours (the injected clock)', async () => {
    const { token } = await invited('expire@people.test');
    const justBefore = callerAt(new Date(SEED_NOW.getTime() + SIGN_IN_LINK_LIFETIME_MS - 1));
    expect((await justBefore.people.link({ token })).state).toBe('valid');
    const after = callerAt(new Date(SEED_NOW.getTime() + SIGN_IN_LINK_LIFETIME_MS));
    expect(await after.people.link({ token })).toEqual({ state: 'expired' });
    const error = await errorOf(after.people.acceptLink({ token, password: 'a-good-password' }));
    expect(error.code).toBe('CONFLICT');
    expect(error.cause).toMatchObject({ details: { reason: 'LINK_EXPIRED' } });
    expect((await db.prisma.user.findUniqueOrThrow({ where: { email: 'expire@people.test' } })).passwordHash).toBeNull();
  });

  it('answers an unknown link plainly, and refuses a weak password without spending the link', async () => {
    const anyone = callerAt(SEED_NOW);
    expect(await anyone.people.link({ token: 'made-up' })).toEqual({ state: 'unknown' });
    expect((await errorOf(anyone.people.acceptLink({ token: 'made-up', password: 'a-good-password' }))).code).toBe('NOT_FOUND');
    const { token } = await invited('weak@people.test');
    const weak = await errorOf(anyone.people.acceptLink({ token, password: 'short' }));
    expect(weak.code).toBe('BAD_REQUEST');
    expect(weak.message).toContain('at least 8 characters');
    expect((await anyone.people.link({ token })).state).toBe('valid');
  });

  it('lets exactly one of two uses of one link through (race)', async () => {
    const { token } = await invited('race@people.test');
    const anyone = callerAt(SEED_NOW);
    const results = await Promise.allSettled([
      anyone.people.acceptLink({ token, password: 'first-password' }),
      anyone.people.acceptLink({ token, password: 'second-password' }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'CONFLICT' });
    const winner = results.findIndex((result) => result.status === 'fulfilled');
    const password = winner === 0 ? 'first-password' : 'second-password';
    const loser = winner === 0 ? 'second-password' : 'first-password';
    expect(await verifyCredentials({ ctx: db.ctx, input: { email: 'race@people.test', password } })).not.toBeNull();
    expect(await verifyCredentials({ ctx: db.ctx, input: { email: 'race@people.test', password: loser } })).toBeNull();
  });

  it('a reset ends the old password and every session when used, not before; a newer link replaces an older one', async () => {
    const id = await personOf('berlin', { password: 'old-password' });
    const person = await db.prisma.user.findUniqueOrThrow({ where: { id } });
    const session = await db.sessionOf(person.email);
    const bob = await db.callerAs(BOB);
    const first = tokenOf((await bob.people.resetPassword({ userId: id })).link.path);
    const second = tokenOf((await bob.people.resetPassword({ userId: id })).link.path);
    // Until the link is used, nothing changes for the person.
    expect((await callerAt(SEED_NOW, session).viewer.me()).email).toBe(person.email);
    expect(await verifyCredentials({ ctx: db.ctx, input: { email: person.email, password: 'old-password' } })).not.toBeNull();
    const anyone = callerAt(SEED_NOW);
    expect(await anyone.people.link({ token: first })).toEqual({ state: 'used' });
    expect(await anyone.people.link({ token: second })).toMatchObject({ state: 'valid', kind: 'reset' });
    await anyone.people.acceptLink({ token: second, password: 'new-password-1' });
    expect((await errorOf(callerAt(SEED_NOW, session).viewer.me())).code).toBe('UNAUTHORIZED');
    expect(await verifyCredentials({ ctx: db.ctx, input: { email: person.email, password: 'old-password' } })).toBeNull();
    expect(await verifyCredentials({ ctx: db.ctx, input: { email: person.email, password: 'new-password-1' } })).not.toBeNull();
    expect(await db.prisma.auditEvent.count({ where: { action: 'person.password-set', subjectUserId: id } })).toBe(1);
  });

  it('does not work for a disabled person, and a reset of one is refused', async () => {
    const { id, token } = await invited('disabled-link@people.test');
    const bob = await db.callerAs(BOB);
    await bob.people.disable({ userId: id });
    const anyone = callerAt(SEED_NOW);
    expect(await anyone.people.link({ token })).toEqual({ state: 'unknown' });
    expect((await errorOf(anyone.people.acceptLink({ token, password: 'a-good-password' }))).code).toBe('NOT_FOUND');
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id } })).passwordHash).toBeNull();
    const reset = await errorOf(bob.people.resetPassword({ userId: id }));
    expect(reset.cause).toMatchObject({ details: { reason: 'DISABLED' } });
  });

  it('asks for the password again when the administrator signed in more than ten minutes ago', async () => {
    const id = await personOf('berlin');
    const session = await db.sessionOf(BOB);
    const later = callerAt(new Date(SEED_NOW.getTime() + 11 * 60 * 1000), session);
    const error = await errorOf(later.people.resetPassword({ userId: id }));
    expect(error.cause).toMatchObject({ details: { reason: 'REAUTH_REQUIRED' } });
    expect((await later.people.resetPassword({ userId: id, password: 'demo' })).link.path).toMatch(/^\/welcome\//);
  });
});

describe('invites with single sign-on', () => {
  it('an invited person can sign in through single sign-on instead: matched by the invited email', async () => {
    const bob = await db.callerAs(BOB);
    const invited = await bob.people.invite({ tenantRef: 'berlin', email: 'sso-invite@people.test', name: 'Sso Person' });
    const users = await db.prisma.user.count();
    expect(await provisionOidcUser({ ctx: db.ctx, input: { email: 'SSO-Invite@People.test', name: 'Other Name' } })).toBe(true);
    expect(await db.prisma.user.count()).toBe(users);
    expect(await db.prisma.user.findUniqueOrThrow({ where: { id: invited.person.id } })).toMatchObject({
      tenantRef: 'berlin',
      name: 'Sso Person',
    });
    // Disabled before they signed in: single sign-on refuses them too.
    await bob.people.disable({ userId: invited.person.id });
    expect(await provisionOidcUser({ ctx: db.ctx, input: { email: 'sso-invite@people.test', name: 'Sso Person' } })).toBe(false);
  });
});
