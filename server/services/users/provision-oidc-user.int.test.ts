import { describe, expect, it } from 'vitest';
import { useSeededDatabase } from '../../testing/seeded-database';
import { provisionOidcUser } from './provision-oidc-user';

const db = useSeededDatabase();

describe('provisionOidcUser', () => {
  it('matches a known person by email, whatever the case', async () => {
    expect(await provisionOidcUser(db.prisma, { email: 'Alice@Example.com', name: 'Alice' })).toBe(true);
  });

  it('refuses an unknown email when no provisioning tenant is configured, creating nobody', async () => {
    expect(await provisionOidcUser(db.prisma, { email: 'stranger@example.com', name: 'Stranger' })).toBe(false);
    expect(await db.prisma.user.findUnique({ where: { email: 'stranger@example.com' } })).toBeNull();
  });

  it('creates an unknown person as an end user of the provisioning tenant', async () => {
    expect(await provisionOidcUser(db.prisma, { email: 'new@example.com', name: 'New Person', provisionTenant: 'hamburg' })).toBe(true);
    const user = await db.prisma.user.findUniqueOrThrow({ where: { email: 'new@example.com' }, include: { grants: true } });
    expect(user).toMatchObject({ tenantRef: 'hamburg', passwordHash: null, disabled: false });
    expect(user.grants).toEqual([]);
  });

  it('refuses a disabled person', async () => {
    await db.prisma.user.update({ where: { email: 'olga@example.com' }, data: { disabled: true } });
    try {
      expect(await provisionOidcUser(db.prisma, { email: 'olga@example.com', name: 'Olga' })).toBe(false);
    } finally {
      await db.prisma.user.update({ where: { email: 'olga@example.com' }, data: { disabled: false } });
    }
  });
});
