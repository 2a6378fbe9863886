import type * as bcrypt from '@node-rs/bcrypt';
import { describe, expect, it, vi } from 'vitest';
import { useSeededDatabase } from '../../testing/seeded-database';
import { verifyCredentials } from './verify-credentials';

// The native bcrypt binding, wrapped so the test can count the checks a sign-in makes.
const bcryptVerify = vi.hoisted(() => vi.fn());
vi.mock('@node-rs/bcrypt', async (importOriginal) => {
  const original = await importOriginal<typeof bcrypt>();
  bcryptVerify.mockImplementation(original.verify);
  return { ...original, verify: bcryptVerify };
});

/** The cost factor of a bcrypt hash ($2b$10$… → 10). */
function costOf(hash: string): number {
  return Number(/^\$2[aby]\$(\d\d)\$/.exec(hash)?.[1]);
}

const db = useSeededDatabase();

describe('verifyCredentials', () => {
  it.each(['alice@example.com', 'bob@example.com', 'olga@example.com', 'hana@example.com', ' Alice@Example.com '])(
    'accepts the demo password for %j',
    async (email) => {
      expect(await verifyCredentials({ ctx: db.ctx, input: { email, password: 'demo' } })).toMatchObject({
        email: email.trim().toLowerCase(),
      });
    },
  );

  it.each([
    ['wrong password', 'alice@example.com', 'Demo'],
    ['unknown email', 'nobody@example.com', 'demo'],
    ['a person without a password', 'carla@example.com', 'demo'],
    ['empty password', 'alice@example.com', ''],
  ])('refuses %s', async (_case, email, password) => {
    expect(await verifyCredentials({ ctx: db.ctx, input: { email, password } })).toBeNull();
  });

  it('refuses a disabled account even with the right password', async () => {
    await db.prisma.user.update({ where: { email: 'bob@example.com' }, data: { disabled: true } });
    try {
      expect(await verifyCredentials({ ctx: db.ctx, input: { email: 'bob@example.com', password: 'demo' } })).toBeNull();
    } finally {
      await db.prisma.user.update({ where: { email: 'bob@example.com' }, data: { disabled: false } });
    }
  });

  it('spends the same bcrypt work on unknown, password-less and disabled accounts as on a wrong password', async () => {
    // Counted, not timed: one bcrypt check per attempt, against a hash of the same cost as a real
    // account's. Before the fix an unknown or password-less email made no check at all.
    const checks = async (email: string) => {
      bcryptVerify.mockClear();
      expect(await verifyCredentials({ ctx: db.ctx, input: { email, password: 'wrong-guess' } })).toBeNull();
      return bcryptVerify.mock.calls.map(([, hash]) => costOf(hash));
    };
    const alice = await db.prisma.user.findUniqueOrThrow({ where: { email: 'alice@example.com' } });
    const realCost = costOf(alice.passwordHash!);
    expect(await checks('alice@example.com')).toEqual([realCost]);
    await db.prisma.user.update({ where: { email: 'olga@example.com' }, data: { disabled: true } });
    try {
      for (const email of ['nobody@example.com', 'carla@example.com', 'olga@example.com']) {
        expect(await checks(email)).toEqual([realCost]);
      }
    } finally {
      await db.prisma.user.update({ where: { email: 'olga@example.com' }, data: { disabled: false } });
    }
  });
});
