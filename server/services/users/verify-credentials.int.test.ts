import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededDatabase, type SeededDatabase } from '../../testing/seeded-database';
import { verifyCredentials } from './verify-credentials';

let db: SeededDatabase;
beforeAll(async () => {
  db = await createSeededDatabase();
});
afterAll(async () => {
  await db?.close();
});

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
});
