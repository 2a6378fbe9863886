// The session only names the user; what they may do comes from the database on every call.
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { useSeededDatabase } from '../../testing/seeded-database';

const db = useSeededDatabase();

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return error instanceof TRPCError ? error.code : `not a TRPCError: ${String(error)}`;
}

describe('viewer.me', () => {
  it.each([
    ['alice@example.com', ['actor:u1', 'tenant:berlin', 'global'], false, false],
    ['bob@example.com', ['actor:u2', 'tenant:berlin', 'global'], true, false],
    ['olga@example.com', ['actor:u3', 'tenant:berlin', 'global'], false, true],
    ['hana@example.com', ['actor:h1', 'depot:hh', 'tenant:hamburg', 'global'], false, false],
  ])('%s resolves to %j (admin %s, operator %s)', async (email, scopes, isAdmin, isOperator) => {
    const me = await (await db.callerAs(email)).viewer.me();
    expect(me).toMatchObject({ email, scopes, isAdmin, isOperator });
  });

  it('answers UNAUTHORIZED without a session', async () => {
    expect(await codeOf((await db.callerAs(null)).viewer.me())).toBe('UNAUTHORIZED');
  });

  it('answers UNAUTHORIZED for a session whose user no longer exists', async () => {
    const { createCaller } = await import('../root');
    const { createContextInner } = await import('../trpc');
    const caller = createCaller(createContextInner({ session: { userId: 'usr_gone', sessionId: 'ses_gone' }, db: db.prisma }));
    expect(await codeOf(caller.viewer.me())).toBe('UNAUTHORIZED');
  });

  it('refuses a disabled user on their next request, although their session still exists', async () => {
    const caller = await db.callerAs('hana@example.com');
    await expect(caller.viewer.me()).resolves.toMatchObject({ email: 'hana@example.com' });
    await db.prisma.user.update({ where: { email: 'hana@example.com' }, data: { disabled: true } });
    try {
      expect(await codeOf(caller.viewer.me())).toBe('UNAUTHORIZED');
    } finally {
      await db.prisma.user.update({ where: { email: 'hana@example.com' }, data: { disabled: false } });
    }
  });

  it('reads grants from the database on every call, not from the session', async () => {
    const caller = await db.callerAs('alice@example.com');
    expect((await caller.viewer.me()).isAdmin).toBe(false);
    const grant = await db.prisma.grant.create({
      data: { id: 'grt_test', userId: await db.userId('alice@example.com'), scope: 'tenant:berlin', role: 'admin' },
    });
    expect((await caller.viewer.me()).isAdmin).toBe(true);
    await db.prisma.grant.delete({ where: { id: grant.id } });
    expect((await caller.viewer.me()).isAdmin).toBe(false);
  });
});
