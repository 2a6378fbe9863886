// Custom scopes and memberships through tRPC (docs/concepts.md "Roles, custom scopes and
// memberships"): who may list, create, rename and delete an organisation's scopes and put people
// in and out of them; token and label checks; deletion only of an empty scope, also against a
// first write into it at the same moment; audit rows naming the person. PGlite and PostgreSQL.
import type { TRPCError } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { defineScope } from '../../services/scopes/define-scope';
import { useSeededDatabase } from '../../testing/seeded-database';
import { ALICE, BOB, GINA, HANA, JONAS, OLGA } from '../../testing/demo-people';
import { errorOf, reasonOf } from '../../testing/trpc-error';

const db = useSeededDatabase();

function fieldsOf(error: TRPCError): string[] {
  return ((error.cause as { details?: { fieldErrors?: { field: string }[] } } | undefined)?.details?.fieldErrors ?? []).map(
    (entry) => entry.field,
  );
}

beforeAll(async () => {
  await defineScope({ ctx: db.ctx, input: { token: 'depot:ber', label: 'Berlin depot', tenantRef: 'berlin' } });
});

type Outcome = 'ok' | 'FORBIDDEN' | 'NOT_FOUND' | 'BAD_REQUEST';

describe('scopes.list', () => {
  const MATRIX: { who: string; tenantRef: string; expected: Outcome }[] = [
    { who: ALICE, tenantRef: 'berlin', expected: 'FORBIDDEN' },
    { who: ALICE, tenantRef: 'hamburg', expected: 'NOT_FOUND' },
    { who: BOB, tenantRef: 'berlin', expected: 'ok' },
    { who: BOB, tenantRef: 'hamburg', expected: 'NOT_FOUND' },
    { who: HANA, tenantRef: 'hamburg', expected: 'FORBIDDEN' },
    { who: HANA, tenantRef: 'berlin', expected: 'NOT_FOUND' },
    { who: OLGA, tenantRef: 'berlin', expected: 'FORBIDDEN' },
    { who: OLGA, tenantRef: 'hamburg', expected: 'NOT_FOUND' },
    { who: GINA, tenantRef: 'hamburg', expected: 'ok' },
    { who: GINA, tenantRef: 'berlin', expected: 'ok' },
    { who: GINA, tenantRef: 'global', expected: 'NOT_FOUND' },
  ];
  it.each(MATRIX)('$who lists $tenantRef → $expected', async ({ who, tenantRef, expected }) => {
    const call = (await db.callerAs(who)).scopes.list({ tenantRef });
    if (expected === 'ok') {
      await expect(call).resolves.toMatchObject({ tenant: { ref: tenantRef } });
      return;
    }
    expect((await errorOf(call)).code).toBe(expected);
  });

  it('shows each scope with its members and how many memories it holds', async () => {
    const list = await (await db.callerAs(GINA)).scopes.list({ tenantRef: 'hamburg' });
    const held = await db.prisma.agentMemory.count({ where: { scope: 'depot:hh' } });
    expect(held).toBeGreaterThan(0);
    expect(list.scopes).toEqual([
      expect.objectContaining({
        token: 'depot:hh',
        label: 'Hamburg depot',
        memoryCount: held,
        members: [expect.objectContaining({ name: 'Hana Hoffmann' }), expect.objectContaining({ name: 'Jonas Jäger' })],
      }),
    ]);
    expect(list.kinds).toContain('depot');
    expect(list.people.map((person) => person.name)).toEqual(['Hana Hoffmann', 'Jonas Jäger']);
  });
});

describe('scopes.create', () => {
  const MATRIX: { who: string; tenantRef: string; token: string; expected: Outcome }[] = [
    { who: ALICE, tenantRef: 'berlin', token: 'depot:a1', expected: 'FORBIDDEN' },
    { who: ALICE, tenantRef: 'hamburg', token: 'depot:a2', expected: 'NOT_FOUND' },
    { who: BOB, tenantRef: 'berlin', token: 'depot:b1', expected: 'ok' },
    { who: BOB, tenantRef: 'hamburg', token: 'depot:b2', expected: 'NOT_FOUND' },
    { who: HANA, tenantRef: 'hamburg', token: 'depot:h1', expected: 'FORBIDDEN' },
    { who: HANA, tenantRef: 'berlin', token: 'depot:h2', expected: 'NOT_FOUND' },
    { who: OLGA, tenantRef: 'berlin', token: 'depot:o1', expected: 'FORBIDDEN' },
    { who: OLGA, tenantRef: 'hamburg', token: 'depot:o2', expected: 'NOT_FOUND' },
    { who: GINA, tenantRef: 'hamburg', token: 'depot:g1', expected: 'ok' },
    { who: GINA, tenantRef: 'global', token: 'depot:g2', expected: 'NOT_FOUND' },
  ];
  it.each(MATRIX)('$who creates $token in $tenantRef → $expected', async ({ who, tenantRef, token, expected }) => {
    const call = (await db.callerAs(who)).scopes.create({ tenantRef, token, label: 'A depot' });
    if (expected === 'ok') {
      await expect(call).resolves.toEqual({ token, label: 'A depot', kind: 'depot', tenantRef });
      const audit = await db.prisma.auditEvent.findFirstOrThrow({ where: { action: 'scope.created', scope: token } });
      expect(audit).toMatchObject({ tenantRef, userId: await db.userId(who) });
      return;
    }
    expect((await errorOf(call)).code).toBe(expected);
    expect(await db.prisma.scopeDefinition.findUnique({ where: { token } })).toBeNull();
  });

  it.each([
    { token: 'depot', label: 'x', field: 'token', says: 'token must look like <kind>:<name>' },
    { token: 'tenant:x', label: 'x', field: 'token', says: 'built in' },
    { token: 'team:x', label: 'x', field: 'token', says: 'not a configured scope kind; the kinds are one of depot' },
    { token: 'depot:has space', label: 'x', field: 'token', says: 'letters, digits' },
    { token: 'depot:hh', label: 'x', field: 'token', says: 'already taken' },
    { token: 'depot:fine', label: '   ', field: 'label', says: 'label is required' },
    { token: 'depot:fine', label: 'x'.repeat(81), field: 'label', says: 'at most 80 characters' },
  ])('refuses token $token / label of $label.length characters, naming $field', async ({ token, label, field, says }) => {
    const error = await errorOf((await db.callerAs(GINA)).scopes.create({ tenantRef: 'berlin', token, label }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(fieldsOf(error)).toContain(field);
    expect(error.message).toContain(says);
  });
});

describe('scopes.rename', () => {
  it.each([
    { who: ALICE, token: 'depot:ber', expected: 'FORBIDDEN' as const },
    { who: ALICE, token: 'depot:hh', expected: 'NOT_FOUND' as const },
    { who: BOB, token: 'depot:hh', expected: 'NOT_FOUND' as const },
    { who: HANA, token: 'depot:hh', expected: 'FORBIDDEN' as const },
    { who: HANA, token: 'depot:ber', expected: 'NOT_FOUND' as const },
    { who: OLGA, token: 'depot:ber', expected: 'FORBIDDEN' as const },
    { who: OLGA, token: 'depot:hh', expected: 'NOT_FOUND' as const },
    { who: BOB, token: 'depot:ber', expected: 'ok' as const },
    { who: GINA, token: 'depot:hh', expected: 'ok' as const },
    { who: GINA, token: 'global', expected: 'NOT_FOUND' as const },
  ])('$who renames $token → $expected', async ({ who, token, expected }) => {
    const before = await db.prisma.scopeDefinition.findUnique({ where: { token } });
    const call = (await db.callerAs(who)).scopes.rename({ token, label: `${before?.label ?? 'x'} (renamed)` });
    if (expected === 'ok') {
      await expect(call).resolves.toEqual({ token, label: `${before!.label} (renamed)` });
      await (await db.callerAs(who)).scopes.rename({ token, label: before!.label });
      const audits = await db.prisma.auditEvent.findMany({ where: { action: 'scope.renamed', scope: token } });
      expect(audits.map((audit) => audit.after)).toContainEqual({ label: before!.label });
      return;
    }
    expect((await errorOf(call)).code).toBe(expected);
    expect(await db.prisma.scopeDefinition.findUnique({ where: { token } })).toEqual(before);
  });

  it('refuses an empty label naming the field', async () => {
    const error = await errorOf((await db.callerAs(BOB)).scopes.rename({ token: 'depot:ber', label: '' }));
    expect([error.code, fieldsOf(error)]).toEqual(['BAD_REQUEST', ['label']]);
  });
});

describe('scopes.delete', () => {
  it('refuses a scope that holds memories, saying how many', async () => {
    const held = await db.prisma.agentMemory.count({ where: { scope: 'depot:hh' } });
    const error = await errorOf((await db.callerAs(GINA)).scopes.delete({ token: 'depot:hh' }));
    expect([error.code, reasonOf(error)]).toEqual(['FORBIDDEN', 'SCOPE_HOLDS_MEMORIES']);
    expect(error.message).toContain(`${held} memories`);
    expect(await db.prisma.scopeDefinition.findUnique({ where: { token: 'depot:hh' } })).not.toBeNull();
  });

  it.each([
    { who: ALICE, token: 'depot:hh', expected: 'NOT_FOUND' },
    { who: BOB, token: 'depot:hh', expected: 'NOT_FOUND' },
    { who: HANA, token: 'depot:hh', expected: 'FORBIDDEN' },
    { who: OLGA, token: 'depot:hh', expected: 'NOT_FOUND' },
    { who: ALICE, token: 'depot:ber', expected: 'FORBIDDEN' },
    { who: OLGA, token: 'depot:ber', expected: 'FORBIDDEN' },
    { who: HANA, token: 'depot:ber', expected: 'NOT_FOUND' },
  ])('$who deletes $token → $expected', async ({ who, token, expected }) => {
    expect((await errorOf((await db.callerAs(who)).scopes.delete({ token }))).code).toBe(expected);
    expect(await db.prisma.scopeDefinition.findUnique({ where: { token } })).not.toBeNull();
  });

  it('deletes an empty scope with its memberships and grants, and audits it', async () => {
    const bob = await db.callerAs(BOB);
    await bob.scopes.create({ tenantRef: 'berlin', token: 'depot:gone', label: 'Soon gone' });
    const alice = await db.userId(ALICE);
    await bob.memberships.set({ userId: alice, scopeToken: 'depot:gone', member: true });
    await bob.grants.add({ userId: alice, scope: 'depot:gone', role: 'admin' });
    await expect(bob.scopes.delete({ token: 'depot:gone' })).resolves.toEqual({ token: 'depot:gone', deleted: true });
    expect(await db.prisma.scopeMembership.count({ where: { scopeToken: 'depot:gone' } })).toBe(0);
    expect(await db.prisma.grant.count({ where: { scope: 'depot:gone' } })).toBe(0);
    expect((await (await db.callerAs(ALICE)).viewer.me()).scopes).not.toContain('depot:gone');
    const audit = await db.prisma.auditEvent.findFirstOrThrow({ where: { action: 'scope.deleted', scope: 'depot:gone' } });
    expect(audit.before).toMatchObject({ label: 'Soon gone', members: [alice], grants: 1 });
    const left = await db.prisma.auditEvent.findMany({ where: { action: 'membership.removed', scope: 'depot:gone' } });
    expect(left.map((row) => row.subjectUserId)).toEqual([alice]);
  });

  it('a memory can never be held at a scope that is not defined', async () => {
    await expect(
      db.prisma.agentMemory.create({
        data: { id: db.ctx.newId('mem'), key: 'k', text: 't', scope: 'depot:nowhere', tenantRef: 'berlin', author: 'human' },
      }),
    ).rejects.toThrow();
  });

  it('a delete and a first write into the scope at once: never a memory at a deleted scope', async () => {
    const gina = await db.callerAs(GINA);
    for (let round = 0; round < 4; round++) {
      const token = `depot:race${round}`;
      await gina.scopes.create({ tenantRef: 'berlin', token, label: `Race ${round}` });
      const [write, remove] = await Promise.allSettled([
        gina.facts.save({ scope: token, key: 'first', text: 'The first fact.' }),
        gina.scopes.delete({ token }),
      ]);
      const defined = (await db.prisma.scopeDefinition.findUnique({ where: { token } })) !== null;
      const held = await db.prisma.agentMemory.count({ where: { scope: token } });
      if (defined) {
        // The write won: it is kept and the delete was refused because of it.
        expect(write.status).toBe('fulfilled');
        expect(held).toBe(1);
        expect(remove.status === 'rejected' && reasonOf(remove.reason as TRPCError)).toBe('SCOPE_HOLDS_MEMORIES');
      } else {
        // The delete won: the write was refused as a scope that no longer exists.
        expect(remove.status).toBe('fulfilled');
        expect(held).toBe(0);
        expect(write.status === 'rejected' && (write.reason as TRPCError).code).toBe('NOT_FOUND');
      }
    }
  });
});

describe('memberships.set', () => {
  const MATRIX: { who: string; target: string; token: string; member: boolean; expected: Outcome }[] = [
    { who: ALICE, target: 'carla@example.com', token: 'depot:ber', member: true, expected: 'FORBIDDEN' },
    { who: ALICE, target: JONAS, token: 'depot:hh', member: false, expected: 'NOT_FOUND' },
    { who: BOB, target: JONAS, token: 'depot:ber', member: true, expected: 'NOT_FOUND' },
    { who: BOB, target: 'carla@example.com', token: 'depot:hh', member: true, expected: 'NOT_FOUND' },
    { who: HANA, target: JONAS, token: 'depot:hh', member: false, expected: 'FORBIDDEN' },
    { who: HANA, target: 'carla@example.com', token: 'depot:ber', member: true, expected: 'NOT_FOUND' },
    { who: OLGA, target: 'carla@example.com', token: 'depot:ber', member: true, expected: 'FORBIDDEN' },
    { who: OLGA, target: JONAS, token: 'depot:hh', member: false, expected: 'NOT_FOUND' },
    { who: GINA, target: 'carla@example.com', token: 'global', member: true, expected: 'NOT_FOUND' },
    { who: BOB, target: 'carla@example.com', token: 'depot:ber', member: true, expected: 'ok' },
    { who: GINA, target: JONAS, token: 'depot:hh', member: false, expected: 'ok' },
  ];
  it.each(MATRIX)('$who sets $target in $token to $member → $expected', async ({ who, target, token, member, expected }) => {
    const userId = await db.userId(target);
    const before = await db.prisma.scopeMembership.count({ where: { userId } });
    const call = (await db.callerAs(who)).memberships.set({ userId, scopeToken: token, member });
    if (expected === 'ok') {
      await expect(call).resolves.toEqual({ userId, scopeToken: token, member, changed: true });
      const audit = await db.prisma.auditEvent.findFirstOrThrow({
        where: { action: member ? 'membership.added' : 'membership.removed', scope: token, subjectUserId: userId },
      });
      expect(audit.userId).toBe(await db.userId(who));
      return;
    }
    expect((await errorOf(call)).code).toBe(expected);
    expect(await db.prisma.scopeMembership.count({ where: { userId } })).toBe(before);
  });

  it("changes the person's scopes on their next request, and setting it twice changes nothing", async () => {
    const bob = await db.callerAs(BOB);
    const alice = await db.callerAs(ALICE);
    const aliceId = await db.userId(ALICE);
    expect((await alice.viewer.me()).scopes).toEqual(['actor:u1', 'tenant:berlin', 'global']);
    await bob.memberships.set({ userId: aliceId, scopeToken: 'depot:ber', member: true });
    expect((await alice.viewer.me()).scopes).toEqual(['actor:u1', 'depot:ber', 'tenant:berlin', 'global']);
    const audits = await db.prisma.auditEvent.count({ where: { subjectUserId: aliceId } });
    await expect(bob.memberships.set({ userId: aliceId, scopeToken: 'depot:ber', member: true })).resolves.toMatchObject({
      changed: false,
    });
    expect(await db.prisma.auditEvent.count({ where: { subjectUserId: aliceId } })).toBe(audits);
    await bob.memberships.set({ userId: aliceId, scopeToken: 'depot:ber', member: false });
    expect((await alice.viewer.me()).scopes).toEqual(['actor:u1', 'tenant:berlin', 'global']);
  });
});
