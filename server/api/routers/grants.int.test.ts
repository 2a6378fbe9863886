// Roles through tRPC (docs/concepts.md "Roles, custom scopes and memberships"): who may list, add
// and remove which grants for whom, the last administrator of an organisation (also when two
// administrators remove each other at once), the password after ten minutes, the removed grant
// taking effect on the next request, and the audit rows naming the person. PGlite and PostgreSQL.
import type { TRPCError } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { defineScope } from '../../services/scopes/define-scope';
import { SEED_NOW, useSeededDatabase } from '../../testing/seeded-database';
import { ALICE, BOB, CARLA, GINA, HANA, JONAS, OLGA } from '../../testing/demo-people';
import { errorOf, reasonOf } from '../../testing/trpc-error';
import { createCaller } from '../root';
import { createContextInner } from '../trpc';

const db = useSeededDatabase();

/** A caller whose session began at SEED_NOW, acting eleven minutes later. */
async function laterCaller(email: string) {
  const later = new Date(SEED_NOW.getTime() + 11 * 60_000);
  return createCaller(createContextInner({ session: await db.sessionOf(email), db: db.prisma, deps: { now: () => later } }));
}

async function ensureGrant(email: string, scope: string, role: 'admin' | 'operator') {
  const userId = await db.userId(email);
  return db.prisma.grant.upsert({
    where: { userId_scope_role: { userId, scope, role } },
    create: { id: db.ctx.newId('grt'), userId, scope, role },
    update: {},
  });
}

beforeAll(async () => {
  await defineScope({ ctx: db.ctx, input: { token: 'depot:ber', label: 'Berlin depot', tenantRef: 'berlin' } });
});

type Outcome = 'ok' | 'FORBIDDEN' | 'NOT_FOUND' | 'BAD_REQUEST';

describe('grants.list', () => {
  const MATRIX: { who: string; target: string; expected: Outcome }[] = [
    { who: ALICE, target: CARLA, expected: 'FORBIDDEN' },
    { who: ALICE, target: JONAS, expected: 'NOT_FOUND' },
    { who: BOB, target: CARLA, expected: 'ok' },
    { who: BOB, target: JONAS, expected: 'NOT_FOUND' },
    { who: HANA, target: JONAS, expected: 'FORBIDDEN' },
    { who: HANA, target: CARLA, expected: 'NOT_FOUND' },
    { who: OLGA, target: CARLA, expected: 'FORBIDDEN' },
    { who: OLGA, target: JONAS, expected: 'NOT_FOUND' },
    { who: GINA, target: JONAS, expected: 'ok' },
    { who: GINA, target: CARLA, expected: 'ok' },
    { who: GINA, target: 'installer@memory-console.invalid', expected: 'NOT_FOUND' },
  ];
  it.each(MATRIX)('$who looks at $target → $expected', async ({ who, target, expected }) => {
    const caller = await db.callerAs(who);
    const call = caller.grants.list({ userId: await db.userId(target) });
    if (expected === 'ok') {
      const access = await call;
      expect(access.person.email).toBe(target);
      return;
    }
    expect((await errorOf(call)).code).toBe(expected);
  });

  it('shows grants with labels, memberships, and what the one asking may grant', async () => {
    const gina = await db.callerAs(GINA);
    const jonas = await gina.grants.list({ userId: await db.userId(JONAS) });
    expect(jonas.person).toMatchObject({ name: 'Jonas Jäger', tenantName: 'Hamburg warehouse' });
    expect(jonas.scopes).toEqual([{ token: 'depot:hh', label: 'Hamburg depot', member: true }]);
    expect(jonas.grantable.map((entry) => entry.scope)).toEqual(['tenant:hamburg', 'depot:hh', 'global']);
    const bob = await db.callerAs(BOB);
    const self = await bob.grants.list({ userId: await db.userId(BOB) });
    expect(self.grants).toEqual([
      expect.objectContaining({ scope: 'tenant:berlin', role: 'admin', label: 'Berlin office', lastAdministrator: true, removable: false }),
    ]);
    expect(self.grantable.map((entry) => entry.scope)).toEqual(['tenant:berlin', 'depot:ber']);
  });
});

describe('grants.add', () => {
  const MATRIX: { who: string; target: string; scope: string; role: 'admin' | 'operator'; expected: Outcome; reason?: string }[] = [
    { who: ALICE, target: CARLA, scope: 'tenant:berlin', role: 'admin', expected: 'FORBIDDEN', reason: 'NOT_ADMINISTRATOR' },
    { who: ALICE, target: JONAS, scope: 'tenant:hamburg', role: 'admin', expected: 'NOT_FOUND' },
    { who: ALICE, target: CARLA, scope: 'global', role: 'operator', expected: 'FORBIDDEN', reason: 'NOT_ADMINISTRATOR' },
    { who: BOB, target: CARLA, scope: 'tenant:berlin', role: 'operator', expected: 'ok' },
    { who: BOB, target: CARLA, scope: 'depot:ber', role: 'admin', expected: 'ok' },
    { who: BOB, target: CARLA, scope: 'depot:ber', role: 'operator', expected: 'BAD_REQUEST', reason: 'OPERATOR_ONLY_FOR_TENANT' },
    { who: BOB, target: CARLA, scope: 'depot:hh', role: 'admin', expected: 'NOT_FOUND' },
    { who: BOB, target: CARLA, scope: 'tenant:hamburg', role: 'admin', expected: 'NOT_FOUND' },
    { who: BOB, target: CARLA, scope: 'actor:u4', role: 'admin', expected: 'NOT_FOUND' },
    { who: BOB, target: JONAS, scope: 'tenant:hamburg', role: 'admin', expected: 'NOT_FOUND' },
    { who: BOB, target: CARLA, scope: 'global', role: 'admin', expected: 'FORBIDDEN', reason: 'NEEDS_GLOBAL_GRANT' },
    { who: HANA, target: JONAS, scope: 'tenant:hamburg', role: 'operator', expected: 'FORBIDDEN', reason: 'NOT_ADMINISTRATOR' },
    { who: HANA, target: CARLA, scope: 'tenant:berlin', role: 'operator', expected: 'NOT_FOUND' },
    { who: HANA, target: JONAS, scope: 'global', role: 'operator', expected: 'FORBIDDEN', reason: 'NOT_ADMINISTRATOR' },
    { who: OLGA, target: CARLA, scope: 'tenant:berlin', role: 'operator', expected: 'FORBIDDEN', reason: 'NOT_ADMINISTRATOR' },
    { who: OLGA, target: JONAS, scope: 'tenant:hamburg', role: 'operator', expected: 'NOT_FOUND' },
    { who: OLGA, target: CARLA, scope: 'global', role: 'operator', expected: 'FORBIDDEN', reason: 'NOT_ADMINISTRATOR' },
    { who: GINA, target: JONAS, scope: 'tenant:hamburg', role: 'admin', expected: 'ok' },
    { who: GINA, target: JONAS, scope: 'depot:hh', role: 'admin', expected: 'ok' },
    { who: GINA, target: CARLA, scope: 'global', role: 'operator', expected: 'ok' },
    { who: GINA, target: CARLA, scope: 'depot:hh', role: 'admin', expected: 'BAD_REQUEST', reason: 'OTHER_TENANT_SCOPE' },
  ];
  it.each(MATRIX)('$who gives $target $role at $scope → $expected', async ({ who, target, scope, role, expected, reason }) => {
    const caller = await db.callerAs(who);
    const userId = await db.userId(target);
    const grantsBefore = await db.prisma.grant.count();
    const auditBefore = await db.prisma.auditEvent.count();
    const call = caller.grants.add({ userId, scope, role });
    if (expected === 'ok') {
      const added = await call;
      expect(added).toMatchObject({ scope, role, added: true });
      expect(await db.prisma.grant.count({ where: { userId, scope, role } })).toBe(1);
      const audit = await db.prisma.auditEvent.findFirstOrThrow({
        where: { action: 'grant.added', after: { path: ['grantId'], equals: added.id } },
      });
      expect(audit).toMatchObject({
        subjectUserId: userId,
        scope,
        userId: await db.userId(who),
        tenantRef: scope === 'global' ? null : expect.any(String),
      });
      return;
    }
    const error = await errorOf(call);
    expect(error.code).toBe(expected);
    if (reason) expect(reasonOf(error)).toBe(reason);
    expect(await db.prisma.grant.count()).toBe(grantsBefore);
    expect(await db.prisma.auditEvent.count()).toBe(auditBefore);
  });

  it('adding a grant held already changes nothing and writes no audit row', async () => {
    const bob = await db.callerAs(BOB);
    const userId = await db.userId(CARLA);
    await bob.grants.add({ userId, scope: 'tenant:berlin', role: 'operator' });
    const auditBefore = await db.prisma.auditEvent.count();
    await expect(bob.grants.add({ userId, scope: 'tenant:berlin', role: 'operator' })).resolves.toMatchObject({ added: false });
    expect(await db.prisma.auditEvent.count()).toBe(auditBefore);
  });

  it('refuses an unknown role naming the field', async () => {
    const bob = await db.callerAs(BOB);
    const error = await errorOf(bob.grants.add({ userId: await db.userId(CARLA), scope: 'tenant:berlin', role: 'owner' as 'admin' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(JSON.stringify(error.cause)).toContain('role must be admin or operator');
  });

  it('asks for the password ten minutes after the sign-in, and goes ahead with it', async () => {
    const bob = await laterCaller(BOB);
    const userId = await db.userId('deniz@example.com');
    const refused = await errorOf(bob.grants.add({ userId, scope: 'tenant:berlin', role: 'operator' }));
    expect([refused.code, reasonOf(refused)]).toEqual(['FORBIDDEN', 'REAUTH_REQUIRED']);
    expect(await db.prisma.grant.count({ where: { userId } })).toBe(0);
    const wrong = await errorOf(bob.grants.add({ userId, scope: 'tenant:berlin', role: 'operator', password: 'nope' }));
    expect(reasonOf(wrong)).toBe('REAUTH_FAILED');
    await expect(bob.grants.add({ userId, scope: 'tenant:berlin', role: 'operator', password: 'demo' })).resolves.toMatchObject({
      added: true,
    });
    const grant = await db.prisma.grant.findFirstOrThrow({ where: { userId } });
    const later = await laterCaller(BOB);
    expect(reasonOf(await errorOf(later.grants.remove({ grantId: grant.id })))).toBe('REAUTH_REQUIRED');
    await expect(later.grants.remove({ grantId: grant.id, password: 'demo' })).resolves.toMatchObject({ removed: true });
  });
});

describe('grants.remove', () => {
  const MATRIX: { who: string; target: string; scope: string; role: 'admin' | 'operator'; expected: Outcome; reason?: string }[] = [
    { who: ALICE, target: CARLA, scope: 'tenant:berlin', role: 'operator', expected: 'FORBIDDEN', reason: 'NOT_ADMINISTRATOR' },
    { who: ALICE, target: JONAS, scope: 'tenant:hamburg', role: 'operator', expected: 'NOT_FOUND' },
    { who: ALICE, target: OLGA, scope: 'global', role: 'operator', expected: 'FORBIDDEN', reason: 'NOT_ADMINISTRATOR' },
    { who: BOB, target: JONAS, scope: 'tenant:hamburg', role: 'operator', expected: 'NOT_FOUND' },
    { who: BOB, target: OLGA, scope: 'global', role: 'operator', expected: 'FORBIDDEN', reason: 'NEEDS_GLOBAL_GRANT' },
    { who: BOB, target: BOB, scope: 'tenant:berlin', role: 'admin', expected: 'FORBIDDEN', reason: 'LAST_ADMINISTRATOR' },
    { who: BOB, target: CARLA, scope: 'tenant:berlin', role: 'operator', expected: 'ok' },
    { who: HANA, target: JONAS, scope: 'tenant:hamburg', role: 'operator', expected: 'FORBIDDEN', reason: 'NOT_ADMINISTRATOR' },
    { who: HANA, target: CARLA, scope: 'tenant:berlin', role: 'operator', expected: 'NOT_FOUND' },
    { who: HANA, target: OLGA, scope: 'global', role: 'operator', expected: 'NOT_FOUND' },
    { who: OLGA, target: CARLA, scope: 'tenant:berlin', role: 'operator', expected: 'FORBIDDEN', reason: 'NOT_ADMINISTRATOR' },
    { who: OLGA, target: JONAS, scope: 'tenant:hamburg', role: 'operator', expected: 'NOT_FOUND' },
    { who: OLGA, target: OLGA, scope: 'global', role: 'operator', expected: 'FORBIDDEN', reason: 'NOT_ADMINISTRATOR' },
    { who: GINA, target: JONAS, scope: 'tenant:hamburg', role: 'operator', expected: 'ok' },
    { who: GINA, target: CARLA, scope: 'global', role: 'operator', expected: 'ok' },
    { who: GINA, target: BOB, scope: 'tenant:berlin', role: 'admin', expected: 'FORBIDDEN', reason: 'LAST_ADMINISTRATOR' },
  ];
  it.each(MATRIX)('$who takes $role at $scope from $target → $expected', async ({ who, target, scope, role, expected, reason }) => {
    const grant = await ensureGrant(target, scope, role);
    const caller = await db.callerAs(who);
    const auditBefore = await db.prisma.auditEvent.count();
    const call = caller.grants.remove({ grantId: grant.id });
    if (expected === 'ok') {
      await expect(call).resolves.toEqual({ id: grant.id, removed: true });
      expect(await db.prisma.grant.findUnique({ where: { id: grant.id } })).toBeNull();
      const audit = await db.prisma.auditEvent.findFirstOrThrow({
        where: { action: 'grant.removed', before: { path: ['grantId'], equals: grant.id } },
      });
      expect(audit).toMatchObject({ subjectUserId: grant.userId, scope, before: expect.objectContaining({ grantId: grant.id, role }) });
      return;
    }
    const error = await errorOf(call);
    expect(error.code).toBe(expected);
    if (reason) expect(reasonOf(error)).toBe(reason);
    expect(await db.prisma.grant.findUnique({ where: { id: grant.id } })).not.toBeNull();
    expect(await db.prisma.auditEvent.count()).toBe(auditBefore);
  });

  it('an unknown grant id answers NOT_FOUND', async () => {
    const bob = await db.callerAs(BOB);
    expect((await errorOf(bob.grants.remove({ grantId: 'grt_nothing' }))).code).toBe('NOT_FOUND');
  });

  it('a removed grant loses its access on the very next request of an open session', async () => {
    const bob = await db.callerAs(BOB);
    const alice = await db.callerAs(ALICE);
    const carla = await db.userId(CARLA);
    expect((await errorOf(alice.grants.list({ userId: carla }))).code).toBe('FORBIDDEN');
    const added = await bob.grants.add({ userId: await db.userId(ALICE), scope: 'tenant:berlin', role: 'admin' });
    // The same session, a new request: the grant counts at once …
    await expect(alice.grants.list({ userId: carla })).resolves.toMatchObject({ person: { email: CARLA } });
    expect((await alice.viewer.me()).isAdmin).toBe(true);
    await bob.grants.remove({ grantId: added.id });
    // … and is gone at once.
    expect((await errorOf(alice.grants.list({ userId: carla }))).code).toBe('FORBIDDEN');
    expect((await alice.viewer.me()).isAdmin).toBe(false);
  });

  it('two administrators removing each other at once leave one administrator', async () => {
    const aliceId = await db.userId(ALICE);
    const bobId = await db.userId(BOB);
    for (let round = 0; round < 3; round++) {
      const aliceGrant = await ensureGrant(ALICE, 'tenant:berlin', 'admin');
      const bobGrant = await ensureGrant(BOB, 'tenant:berlin', 'admin');
      const [alice, bob] = [await db.callerAs(ALICE), await db.callerAs(BOB)];
      const results = await Promise.allSettled([
        bob.grants.remove({ grantId: aliceGrant.id }),
        alice.grants.remove({ grantId: bobGrant.id }),
      ]);
      const fulfilled = results.filter((result) => result.status === 'fulfilled');
      const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as TRPCError] : []));
      expect(fulfilled).toHaveLength(1);
      // The second removal is refused either way: when it reaches the locked check while the first
      // is still open, its target is the last administrator; when the first has already committed
      // before the second request loads its viewer, its sender is no longer an administrator.
      expect(refused).toHaveLength(1);
      expect(refused[0]!.code).toBe('FORBIDDEN');
      expect(['LAST_ADMINISTRATOR', 'NOT_ADMINISTRATOR']).toContain(reasonOf(refused[0]!));
      const left = await db.prisma.grant.findMany({ where: { scope: 'tenant:berlin', role: 'admin' } });
      expect(left).toHaveLength(1);
      const [kept] = left as [(typeof left)[number]];
      expect([aliceId, bobId]).toContain(kept.userId);
      expect(await db.prisma.auditEvent.count({ where: { action: 'grant.removed', before: { path: ['grantId'], equals: kept.id } } })).toBe(
        0,
      );
    }
    // Leave bob the administrator, as the demo has it.
    await ensureGrant(BOB, 'tenant:berlin', 'admin');
    await db.prisma.grant.deleteMany({ where: { userId: aliceId } });
  });
});
