import { describe, expect, it } from 'vitest';
import { useSeededDatabase } from '../../testing/seeded-database';
import { provisionOidcUser } from './provision-oidc-user';
import type { IdPrefix } from '../../ids';

const db = useSeededDatabase();

describe('provisionOidcUser', () => {
  it('matches a known person by email, whatever the case', async () => {
    expect(await provisionOidcUser({ ctx: db.ctx, input: { email: 'Alice@Example.com', name: 'Alice' } })).toBe(true);
  });

  it('refuses an unknown email when no provisioning tenant is configured, creating nobody', async () => {
    expect(await provisionOidcUser({ ctx: db.ctx, input: { email: 'stranger@example.com', name: 'Stranger' } })).toBe(false);
    expect(await db.prisma.user.findUnique({ where: { email: 'stranger@example.com' } })).toBeNull();
  });

  it('creates an unknown person as an end user of the provisioning tenant', async () => {
    expect(
      await provisionOidcUser({ ctx: db.ctx, input: { email: 'new@example.com', name: 'New Person', provisionTenant: 'hamburg' } }),
    ).toBe(true);
    const user = await db.prisma.user.findUniqueOrThrow({ where: { email: 'new@example.com' }, include: { grants: true } });
    expect(user).toMatchObject({ tenantRef: 'hamburg', passwordHash: null, disabled: false });
    expect(user.grants).toEqual([]);
  });

  it('takes the new person’s actor ref and id from the context’s id source', async () => {
    let made = 0;
    const ctx = { ...db.ctx, newId: (prefix: IdPrefix) => `${prefix}_FIXED${++made}` };
    expect(await provisionOidcUser({ ctx, input: { email: 'fixed-ids@example.com', name: 'Fixed Ids', provisionTenant: 'hamburg' } })).toBe(
      true,
    );
    const user = await db.prisma.user.findUniqueOrThrow({ where: { email: 'fixed-ids@example.com' } });
    expect({ actorRef: user.actorRef, id: user.id }).toEqual({ actorRef: 'fixed1', id: 'usr_FIXED2' });
  });

  it('refuses a disabled person', async () => {
    await db.prisma.user.update({ where: { email: 'olga@example.com' }, data: { disabled: true } });
    try {
      expect(await provisionOidcUser({ ctx: db.ctx, input: { email: 'olga@example.com', name: 'Olga' } })).toBe(false);
    } finally {
      await db.prisma.user.update({ where: { email: 'olga@example.com' }, data: { disabled: false } });
    }
  });
});
