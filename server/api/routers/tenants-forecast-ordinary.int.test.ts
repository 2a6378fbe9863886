// tenants.forecastBudget's ordinary memories (docs/features.md "Tenant settings"): lowering the
// per-turn limit says how many memories that are not always on each person would no longer carry,
// and who. The oracle is each person's own preview of their turn (the read path's SQL), taken at the
// current limit and at the lower one.
import { describe, expect, it } from 'vitest';
import { ALICE, BOB, GINA, HANA, OLGA } from '../../testing/facts-personas';
import { useSeededDatabase } from '../../testing/seeded-database';
import { errorOf } from '../../testing/trpc-error';
import { carriedLines } from '../../testing/carried-lines';

const db = useSeededDatabase();

/** The ordinary memories `email`'s next turn carries with Berlin's limit at `limit`. */
async function ordinaryCarriedAt(email: string, limit: number): Promise<number> {
  const before = await db.prisma.tenant.findUniqueOrThrow({ where: { ref: 'berlin' } });
  await db.prisma.tenant.update({ where: { ref: 'berlin' }, data: { maxMemories: limit } });
  try {
    const preview = await (await db.callerAs(email)).memories.preview();
    return carriedLines(preview).filter((entry) => !entry.alwaysOn).length;
  } finally {
    await db.prisma.tenant.update({ where: { ref: 'berlin' }, data: { maxMemories: before.maxMemories } });
  }
}

describe('tenants.forecastBudget: ordinary memories', () => {
  it('lowering Berlin from 20 to 2 names Alice and how many of her memories would no longer fit', async () => {
    const forecast = await (await db.callerAs(BOB)).tenants.forecastBudget({ tenantRef: 'berlin', maxMemories: 2 });
    const lost = (await ordinaryCarriedAt(ALICE, 20)) - (await ordinaryCarriedAt(ALICE, 2));
    expect(lost).toBeGreaterThan(0);
    expect(forecast.ordinary).not.toBeNull();
    const alice = forecast.ordinary!.top.find((person) => person.name === 'Alice Adler');
    expect(alice).toMatchObject({ lost, carriedAfter: await ordinaryCarriedAt(ALICE, 2) });
    const berlin = await db.prisma.user.count({ where: { tenantRef: 'berlin', disabled: false, system: false } });
    expect(forecast.ordinary).toMatchObject({ people: berlin, partial: false });
    expect(forecast.ordinary!.peopleLosing).toBeGreaterThanOrEqual(forecast.ordinary!.top.length);
    expect(forecast.ordinary!.memoriesLost).toBe(
      forecast.ordinary!.top.reduce((sum, person) => sum + person.lost, 0) /* every Berlin person fits in the top 10 */,
    );
    // Who loses most comes first.
    const losses = forecast.ordinary!.top.map((person) => person.lost);
    expect(losses).toEqual([...losses].sort((a, b) => b - a));
    // The always-on part is still there: two always-on facts fit in 2.
    expect(forecast.peopleOver).toBe(0);
  });

  it('says nothing about ordinary memories when the limit does not go down', async () => {
    const caller = await db.callerAs(BOB);
    expect((await caller.tenants.forecastBudget({ tenantRef: 'berlin', maxMemories: 20 })).ordinary).toBeNull();
    expect((await caller.tenants.forecastBudget({ tenantRef: 'berlin', maxMemories: 40 })).ordinary).toBeNull();
  });

  it('a global administrator gets Hamburg’s: its always-on facts already fill every turn, so no ordinary memory is lost', async () => {
    const forecast = await (await db.callerAs(GINA)).tenants.forecastBudget({ tenantRef: 'hamburg', maxMemories: 1 });
    expect(forecast.ordinary!.people).toBe(await db.prisma.user.count({ where: { tenantRef: 'hamburg', disabled: false, system: false } }));
    const hana = await (await db.callerAs(HANA)).memories.preview();
    expect(carriedLines(hana).filter((entry) => !entry.alwaysOn)).toEqual([]);
    expect(forecast.ordinary).toMatchObject({ peopleLosing: 0, memoriesLost: 0, top: [] });
    expect(forecast.peopleOver).toBeGreaterThan(0);
  });

  it.each([ALICE, OLGA, HANA])('%s, who does not administer Berlin, is refused and learns nothing', async (email) => {
    const refused = await errorOf((await db.callerAs(email)).tenants.forecastBudget({ tenantRef: 'berlin', maxMemories: 2 }));
    expect(['FORBIDDEN', 'NOT_FOUND']).toContain(refused.code);
    expect(refused.message).not.toContain('Alice');
  });
});
