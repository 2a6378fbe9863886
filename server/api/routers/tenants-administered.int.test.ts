// tenants.administered: the organisations whose settings the Settings page offers (docs/features.md
// "Tenant settings"), for every persona.
import { describe, expect, it } from 'vitest';
import { addHamburgAdmin, ALICE, BOB, DEPOT_ADMIN, GINA, HAMBURG_ADMIN, OLGA } from '../../testing/facts-personas';
import { useSeededDatabase } from '../../testing/seeded-database';
import { errorOf } from '../../testing/trpc-error';

const db = useSeededDatabase();

describe('tenants.administered', () => {
  it('offers a global administrator every organisation, by name', async () => {
    expect(await (await db.callerAs(GINA)).tenants.administered()).toEqual([
      { ref: 'berlin', name: 'Berlin office' },
      { ref: 'hamburg', name: 'Hamburg warehouse' },
    ]);
  });

  it('offers a tenant administrator their own organisation only', async () => {
    expect(await (await db.callerAs(BOB)).tenants.administered()).toEqual([{ ref: 'berlin', name: 'Berlin office' }]);
    await addHamburgAdmin(db);
    expect(await (await db.callerAs(HAMBURG_ADMIN)).tenants.administered()).toEqual([{ ref: 'hamburg', name: 'Hamburg warehouse' }]);
  });

  it('offers an administrator of a custom scope no organisation', async () => {
    await addHamburgAdmin(db, DEPOT_ADMIN);
    expect(await (await db.callerAs(DEPOT_ADMIN)).tenants.administered()).toEqual([]);
  });

  it.each([ALICE, OLGA])('refuses %s, who administers nothing', async (email) => {
    expect((await errorOf((await db.callerAs(email)).tenants.administered())).code).toBe('FORBIDDEN');
  });
});
