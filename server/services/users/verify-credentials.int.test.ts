import { describe, expect, it } from 'vitest';
import { useSeededDatabase } from '../../testing/seeded-database';
import { verifyCredentials } from './verify-credentials';

const db = useSeededDatabase();

describe('verifyCredentials', () => {
  it.each(['alice@example.com', 'bob@example.com', 'olga@example.com', 'hana@example.com', ' Alice@Example.com '])(
    'accepts the demo password for %j',
    async (email) => {
      expect(await verifyCredentials(db.prisma, email, 'demo')).toMatchObject({ email: email.trim().toLowerCase() });
    },
  );

  it.each([
    ['wrong password', 'alice@example.com', 'Demo'],
    ['unknown email', 'nobody@example.com', 'demo'],
    ['a person without a password', 'carla@example.com', 'demo'],
    ['empty password', 'alice@example.com', ''],
  ])('refuses %s', async (_case, email, password) => {
    expect(await verifyCredentials(db.prisma, email, password)).toBeNull();
  });

  it('refuses a disabled account even with the right password', async () => {
    await db.prisma.user.update({ where: { email: 'bob@example.com' }, data: { disabled: true } });
    try {
      expect(await verifyCredentials(db.prisma, 'bob@example.com', 'demo')).toBeNull();
    } finally {
      await db.prisma.user.update({ where: { email: 'bob@example.com' }, data: { disabled: false } });
    }
  });

  it('spends the same bcrypt work on unknown, password-less and disabled accounts as on a wrong password', async () => {
    const time = async (email: string) => {
      const started = performance.now();
      for (let i = 0; i < 4; i++) await verifyCredentials(db.prisma, email, 'wrong-guess');
      return performance.now() - started;
    };
    await time('alice@example.com'); // warm-up: the dummy hash is made once per process
    await db.prisma.user.update({ where: { email: 'olga@example.com' }, data: { disabled: true } });
    try {
      const wrongPassword = await time('alice@example.com');
      // Before the fix an unknown email skipped bcrypt and answered about 7 times faster.
      for (const email of ['nobody@example.com', 'carla@example.com', 'olga@example.com']) {
        expect(await time(email)).toBeGreaterThan(wrongPassword * 0.5);
      }
    } finally {
      await db.prisma.user.update({ where: { email: 'olga@example.com' }, data: { disabled: false } });
    }
  });
});
