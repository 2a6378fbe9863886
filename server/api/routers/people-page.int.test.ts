// The People page and a person's page (docs/features.md "People"): each person's roles and groups
// in people's words, status and last activity, the total, the organisation filter; one person's
// sessions and the memories the assistant holds for them. people.get is asked by every persona —
// an administrator of the person's organisation, one of another, the global administrator, an
// operator, a member and the person themselves.
import { describe, expect, it } from 'vitest';
import { isOffered } from '../../domain';
import { addHamburgAdmin, ALICE, BOB, GINA, HAMBURG_ADMIN, HANA, OLGA } from '../../testing/facts-personas';
import { SEED_NOW, useSeededDatabase } from '../../testing/seeded-database';
import { errorOf } from '../../testing/trpc-error';

const db = useSeededDatabase();

type Outcome = 'ok' | 'FORBIDDEN' | 'NOT_FOUND';

describe('people.list rows', () => {
  it('names roles and groups in words, with status, last activity and the total', async () => {
    const gina = await db.callerAs(GINA);
    const all = await gina.people.list({ limit: 100 });
    const byEmail = new Map(all.people.map((person) => [person.email, person]));
    // Ten people in the demo (the installer is no person); the total counts them all.
    expect(all.total).toBe(10);
    expect(all.people).toHaveLength(10);
    expect(byEmail.get(GINA)!.roles.map((role) => role.words)).toEqual(['Administrator of every organisation']);
    expect(byEmail.get(OLGA)!.roles.map((role) => role.words)).toEqual(['Operator of every organisation']);
    expect(byEmail.get(BOB)!.roles.map((role) => role.words)).toEqual(['Administrator of Berlin office']);
    expect(byEmail.get(HANA)!.roles).toEqual([]);
    expect(byEmail.get(HANA)!.groups).toEqual([{ scope: 'depot:hh', label: 'Hamburg depot' }]);
    expect(byEmail.get(HANA)!.tenantName).toBe('Hamburg warehouse');
    // Gina asked as a signed-in session: she was active at that moment.
    expect(byEmail.get(GINA)!.lastActiveAt).toBe(SEED_NOW.toISOString());
    expect(byEmail.get(GINA)!.status).toBe('active');
    // Carla has no password and never signed in: an open invite.
    expect(byEmail.get('carla@example.com')!).toMatchObject({ status: 'invited', lastActiveAt: null });
  });

  it('takes its last activity from the latest session, ended ones too, and shows a disabled person as disabled', async () => {
    const hanaId = await db.userId(HANA);
    const session = await db.sessionOf(HANA);
    const later = new Date(SEED_NOW.getTime() + 3_600_000);
    await db.prisma.userSession.update({ where: { id: session.sessionId }, data: { lastSeenAt: later, revokedAt: later } });
    const gina = await db.callerAs(GINA);
    const [hana] = (await gina.people.list({ query: 'hana@', limit: 5 })).people;
    expect(hana).toMatchObject({ id: hanaId, status: 'active', lastActiveAt: later.toISOString() });

    await db.prisma.user.update({ where: { id: hanaId }, data: { disabled: true } });
    try {
      const [disabled] = (await gina.people.list({ query: 'hana@', limit: 5 })).people;
      expect(disabled!.status).toBe('disabled');
    } finally {
      await db.prisma.user.update({ where: { id: hanaId }, data: { disabled: false } });
    }
  });

  it('filters by organisation on the server, with the total of the filter on every page', async () => {
    const gina = await db.callerAs(GINA);
    const hamburg = await gina.people.list({ tenantRef: 'hamburg', limit: 100 });
    expect(hamburg.total).toBe(2);
    expect(new Set(hamburg.people.map((person) => person.tenantRef))).toEqual(new Set(['hamburg']));
    const first = await gina.people.list({ tenantRef: 'berlin', limit: 3 });
    expect(first.total).toBe(8);
    const second = await gina.people.list({ tenantRef: 'berlin', limit: 3, cursor: first.nextCursor! });
    expect(second.total).toBe(8);
    expect(second.people.map((person) => person.id)).not.toContain(first.people[0]!.id);
    // The search narrows the total too.
    expect((await gina.people.list({ tenantRef: 'berlin', query: 'alice', limit: 3 })).total).toBe(1);
  });

  it('refuses a filter by an organisation the administrator does not administer, and a bad one names the field', async () => {
    const bob = await db.callerAs(BOB);
    expect((await errorOf(bob.people.list({ tenantRef: 'hamburg', limit: 10 }))).code).toBe('NOT_FOUND');
    expect((await bob.people.list({ limit: 100 })).total).toBe(8);
    const bad = await errorOf(bob.people.list({ tenantRef: 'x'.repeat(64), limit: 10 }));
    expect(bad.code).toBe('BAD_REQUEST');
    expect(bad.message).toContain('tenantRef must be at most 63 characters');
  });
});

describe('people.get, a person’s page', () => {
  async function expectOutcome(email: string, target: string, expected: Outcome) {
    const caller = await db.callerAs(email);
    const call = caller.people.get({ userId: await db.userId(target) });
    if (expected === 'ok') return call;
    const error = await errorOf(call);
    expect(error.code).toBe(expected);
    return null;
  }

  // Hana is of Hamburg, Alice of Berlin.
  const CASES: { who: string; target: string; expected: Outcome }[] = [
    { who: HAMBURG_ADMIN, target: HANA, expected: 'ok' },
    { who: GINA, target: HANA, expected: 'ok' },
    { who: BOB, target: HANA, expected: 'NOT_FOUND' },
    { who: OLGA, target: HANA, expected: 'NOT_FOUND' },
    { who: ALICE, target: HANA, expected: 'NOT_FOUND' },
    { who: HANA, target: HANA, expected: 'FORBIDDEN' },
    { who: BOB, target: ALICE, expected: 'ok' },
    { who: HAMBURG_ADMIN, target: ALICE, expected: 'NOT_FOUND' },
    { who: OLGA, target: ALICE, expected: 'FORBIDDEN' },
    { who: ALICE, target: ALICE, expected: 'FORBIDDEN' },
    { who: HANA, target: ALICE, expected: 'NOT_FOUND' },
  ];
  it.each(CASES)('$who opens $target → $expected', async ({ who, target, expected }) => {
    await addHamburgAdmin(db);
    const person = await expectOutcome(who, target, expected);
    if (person) expect(person.email).toBe(target);
  });

  it('an id that names no one, or the installer, is not found; a malformed one names the field', async () => {
    const gina = await db.callerAs(GINA);
    expect((await errorOf(gina.people.get({ userId: 'usr_01JZZZZZZZZZZZZZZZZZZZZZZZ' }))).code).toBe('NOT_FOUND');
    const installer = await db.prisma.user.findFirstOrThrow({ where: { system: true } });
    expect((await errorOf(gina.people.get({ userId: installer.id }))).code).toBe('NOT_FOUND');
    const long = await errorOf(gina.people.get({ userId: 'u'.repeat(31) }));
    expect(long.code).toBe('BAD_REQUEST');
    expect(long.message).toContain('userId must be at most 30 characters');
  });

  it('shows her roles, groups, open sessions and the memories the assistant offers for her', async () => {
    await addHamburgAdmin(db);
    const hanaId = await db.userId(HANA);
    const phone = await db.sessionOf(HANA, 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1');
    const ended = await db.sessionOf(HANA, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36');
    await db.prisma.userSession.update({ where: { id: ended.sessionId }, data: { revokedAt: SEED_NOW } });

    const admin = await db.callerAs(HAMBURG_ADMIN);
    const hana = await admin.people.get({ userId: hanaId });
    expect(hana).toMatchObject({ name: 'Hana Hoffmann', status: 'active', tenantName: 'Hamburg warehouse', roles: [] });
    expect(hana.groups.map((group) => group.label)).toEqual(['Hamburg depot']);
    // The latest of all her sessions, ended ones too (an earlier test may have left a later one).
    const seen = await db.prisma.userSession.findMany({ where: { userId: hanaId }, select: { lastSeenAt: true } });
    expect(hana.lastActiveAt).toBe(new Date(Math.max(...seen.map((row) => row.lastSeenAt.getTime()))).toISOString());
    // Only the sessions that still let her in (earlier tests signed her in too), not the ended one.
    const open = await db.prisma.userSession.findMany({ where: { userId: hanaId, revokedAt: null }, select: { id: true } });
    const ids = hana.sessions.map((session) => session.id);
    expect(ids.toSorted()).toEqual(open.map((row) => row.id).toSorted());
    expect(ids).toContain(phone.sessionId);
    expect(ids).not.toContain(ended.sessionId);
    expect(hana.sessions.find((session) => session.id === phone.sessionId)).toMatchObject({
      device: expect.stringContaining('iPhone'),
      lastSeenAt: SEED_NOW.toISOString(),
    });

    // The count is of what the assistant is offered at her own scope, by the domain's rule.
    const own = await db.prisma.agentMemory.findMany({ where: { scope: 'actor:h1' }, orderBy: { id: 'asc' } });
    const offered = own.filter((row) => isOffered(row, SEED_NOW));
    expect(offered.length).toBeGreaterThan(1);
    expect(hana.memoryCount).toBe(offered.length);

    // Muting one and letting another's expiry pass leaves two fewer.
    await db.prisma.agentMemory.update({ where: { id: offered[0]!.id }, data: { state: 'muted' } });
    await db.prisma.agentMemory.update({ where: { id: offered[1]!.id }, data: { expiresAt: SEED_NOW } });
    expect((await admin.people.get({ userId: hanaId })).memoryCount).toBe(offered.length - 2);
  });
});
