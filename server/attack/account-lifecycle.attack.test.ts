// Gaps in an account's life that once let a change through (docs/concepts.md "People and access"):
// a one-time link made before a disable that worked again after the person was enabled; enabling a
// person and removing an organisation's alert webhook without the password prompt that disabling
// asks for; and a reset link made while a disable commits. Through tRPC, as the browser calls them.
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createCaller } from '../api/root';
import { createContextInner, type SessionLike } from '../api/trpc';
import { BOB } from '../testing/demo-people';
import { SEED_NOW, useSeededDatabase } from '../testing/seeded-database';
import { testBackend } from '../testing/test-database';
import { errorOf, reasonOf } from '../testing/trpc-error';
import { createUser } from '../services/users/create-user';
import { verifyCredentials } from '../services/users/verify-credentials';

const db = useSeededDatabase();

const ELEVEN_MINUTES_LATER = new Date(SEED_NOW.getTime() + 11 * 60 * 1000);

/** A caller whose clock is `now`, through `session` (or signed out). */
function callerAt(now: Date, session: SessionLike | null = null) {
  return createCaller(() => createContextInner({ session, db: db.prisma, deps: { now: () => now } }));
}

let made = 0;
async function berliner(options: { password?: string } = {}) {
  made += 1;
  const user = await createUser({
    ctx: db.ctx,
    input: {
      email: `lifecycle${made}@people.test`,
      name: `Lifecycle ${made}`,
      actorRef: `lifecycle-${made}`,
      tenantRef: 'berlin',
      ...options,
    },
  });
  return user;
}

const tokenOf = (path: string) => path.replace(/^\/welcome\//, '');

describe('links made before a disable', () => {
  it.each([
    ['an invite', {}],
    ['a password reset', { password: 'old-password' }],
  ])('%s stops working when the person is disabled, and stays spent after they are enabled again', async (_name, options) => {
    const person = await berliner(options);
    const bob = await db.callerAs(BOB);
    const token = tokenOf((await bob.people.resetPassword({ userId: person.id })).link.path);
    await bob.people.disable({ userId: person.id });
    await bob.people.enable({ userId: person.id });

    const anyone = callerAt(SEED_NOW);
    expect(await anyone.people.link({ token })).toEqual({ state: 'used' });
    const refused = await errorOf(anyone.people.acceptLink({ token, password: 'a-new-password' }));
    expect([refused.code, reasonOf(refused)]).toEqual(['CONFLICT', 'LINK_USED']);
    expect(await verifyCredentials({ ctx: db.ctx, input: { email: person.email, password: 'a-new-password' } })).toBeNull();
    // A link made after the enable works as usual.
    const fresh = tokenOf((await bob.people.resetPassword({ userId: person.id })).link.path);
    expect(await anyone.people.acceptLink({ token: fresh, password: 'a-new-password' })).toEqual({ email: person.email });
  });

  it('a reset racing the disable leaves no link that works after the enable', async () => {
    const bob = await db.callerAs(BOB);
    for (let round = 0; round < 16; round += 1) {
      const person = await berliner({ password: 'old-password' });
      // One of them up to 6 ms after the other: which commits first varies from round to round.
      const lead = (round % 7) - 3;
      const [reset] = await Promise.allSettled([
        delay(Math.max(0, -lead) * 2).then(() => bob.people.resetPassword({ userId: person.id })),
        delay(Math.max(0, lead) * 2).then(() => bob.people.disable({ userId: person.id })),
      ]);
      await bob.people.enable({ userId: person.id });
      // The reset either came first (its link was then spent by the disable) or was refused.
      if (reset.status === 'rejected') expect(reasonOf(reset.reason as never)).toBe('DISABLED');
      expect(await db.prisma.signInLink.count({ where: { userId: person.id, usedAt: null } })).toBe(0);
    }
  });
});

describe('a reset while the person is being disabled', () => {
  // The moment the race above is about, made to happen every time: the reset has checked that the
  // person is enabled, and the disable has not committed yet. PGlite runs one transaction at a
  // time, so nothing can hold the disable open meanwhile.
  it.runIf(testBackend() === 'postgres')('waits for the disable and is refused: no link is left that works after the enable', async () => {
    const person = await berliner({ password: 'old-password' });
    const bob = await db.callerAs(BOB);
    let reset: Promise<unknown> | undefined;
    await db.pool.transaction(async (sql) => {
      // What disabling does (disable-person.ts): the person's row first, then the flag and the links.
      await sql.query('SELECT "id" FROM "user" WHERE "id" = $1 FOR NO KEY UPDATE', [person.id]);
      await sql.query('UPDATE "user" SET "disabled" = true WHERE "id" = $1', [person.id]);
      await sql.query('UPDATE "sign_in_link" SET "usedAt" = $2 WHERE "userId" = $1 AND "usedAt" IS NULL', [person.id, SEED_NOW]);
      reset = bob.people.resetPassword({ userId: person.id }).then(
        () => 'made a link',
        (error: unknown) => reasonOf(error as never),
      );
      await waitForLockWait();
    });
    expect(await reset).toBe('DISABLED');
    expect(await db.prisma.signInLink.count({ where: { userId: person.id, usedAt: null } })).toBe(0);
  });
});

/** Until some statement of this database waits for a lock (at most 5 s: then the test fails on what follows). */
async function waitForLockWait() {
  for (let waited = 0; waited < 5_000; waited += 20) {
    const [row] = await db.prisma.$queryRaw<{ waiting: number }[]>`
      SELECT count(*)::int AS "waiting" FROM pg_stat_activity WHERE "datname" = current_database() AND "wait_event_type" = 'Lock'`;
    if (row!.waiting > 0) return;
    await delay(20);
  }
}

describe('changes that ask for the password again after ten minutes', () => {
  it('people.enable: refused without it, done with it, as people.disable', async () => {
    const person = await berliner();
    const session = await db.sessionOf(BOB);
    const later = callerAt(ELEVEN_MINUTES_LATER, session);
    await (await db.callerAs(BOB)).people.disable({ userId: person.id });

    const refused = await errorOf(later.people.enable({ userId: person.id }));
    expect([refused.code, reasonOf(refused)]).toEqual(['FORBIDDEN', 'REAUTH_REQUIRED']);
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: person.id } })).disabled).toBe(true);
    const wrong = await errorOf(later.people.enable({ userId: person.id, password: 'not-it' }));
    expect(reasonOf(wrong)).toBe('REAUTH_FAILED');

    expect(await later.people.enable({ userId: person.id, password: 'demo' })).toMatchObject({ disabled: false });
    expect(await db.prisma.auditEvent.count({ where: { action: 'person.enabled', subjectUserId: person.id } })).toBe(1);
  });

  it('people.enable: a person who may not manage them is refused before any password is asked for', async () => {
    const person = await berliner();
    await (await db.callerAs(BOB)).people.disable({ userId: person.id });
    const hana = callerAt(ELEVEN_MINUTES_LATER, await db.sessionOf('hana@example.com'));
    expect((await errorOf(hana.people.enable({ userId: person.id }))).code).toBe('NOT_FOUND');
  });

  it('webhooks.delete: refused without it, done with it, as webhooks.save', async () => {
    await db.prisma.alertWebhook.create({
      data: {
        tenantRef: 'berlin',
        url: 'https://hooks.example.com/alerts',
        secret: 'whsec_test',
        createdAt: SEED_NOW,
        updatedAt: SEED_NOW,
        updatedBy: await db.userId(BOB),
      },
    });
    const later = callerAt(ELEVEN_MINUTES_LATER, await db.sessionOf(BOB));

    const refused = await errorOf(later.webhooks.delete({ tenantRef: 'berlin' }));
    expect([refused.code, reasonOf(refused)]).toEqual(['FORBIDDEN', 'REAUTH_REQUIRED']);
    expect(await db.prisma.alertWebhook.count({ where: { tenantRef: 'berlin' } })).toBe(1);

    expect(await later.webhooks.delete({ tenantRef: 'berlin', password: 'demo' })).toEqual({ deleted: true });
    expect(await db.prisma.alertWebhook.count({ where: { tenantRef: 'berlin' } })).toBe(0);
    expect(await db.prisma.auditEvent.count({ where: { action: 'webhook.deleted', tenantRef: 'berlin' } })).toBe(1);
  });

  it('webhooks.delete: someone who administers nothing is refused before any password is asked for', async () => {
    const hana = callerAt(ELEVEN_MINUTES_LATER, await db.sessionOf('hana@example.com'));
    const refused = await errorOf(hana.webhooks.delete({ tenantRef: 'hamburg' }));
    expect([refused.code, reasonOf(refused)]).toEqual(['FORBIDDEN', 'NOT_ADMINISTRATOR']);
  });
});
