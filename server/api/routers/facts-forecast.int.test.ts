// The pin budget forecast on the demo data (docs/features.md "Published facts"): Hamburg holds 5
// lines per turn and its depot members already carry 7 pinned keys.
import { beforeAll, describe, expect, it } from 'vitest';
import { addHamburgAdmin, BOB, factId, HAMBURG_ADMIN } from '../../testing/facts-personas';
import { useSeededDatabase } from '../../testing/seeded-database';
import { errorOf } from '../../testing/trpc-error';

const db = useSeededDatabase();

beforeAll(async () => {
  await addHamburgAdmin(db);
});

describe('facts.forecast', () => {
  it('names the Hamburg people whose pinned policies do not fit, and the pins left out', async () => {
    const forecast = await (await db.callerAs(HAMBURG_ADMIN)).facts.forecast({ scope: 'tenant:hamburg', key: 'new-rule' });
    // Hana and Jonas (depot:hh) already lose pins; the administrator (no depot) carries 5 + 1 = 6.
    expect(forecast).toMatchObject({ people: 3, organisations: 1, peopleOver: 3, peopleOverNow: 2 });
    const depot = forecast.groups.find((group) => group.scopes.includes('depot:hh'))!;
    expect(depot).toMatchObject({ people: 2, pinnedKeys: 8, pinnedOmitted: 3, names: ['Hana Hoffmann', 'Jonas Jäger'] });
    expect(depot.dropped.map((pin) => pin.key)).toContain('fiscal-year');
    const plain = forecast.groups.find((group) => !group.scopes.includes('depot:hh'))!;
    expect(plain).toMatchObject({ people: 1, pinnedOmitted: 1, names: ['Hamburg Admin'] });
  });

  it('forecasts unpinning too', async () => {
    const caller = await db.callerAs(HAMBURG_ADMIN);
    const forecast = await caller.facts.forecast({ scope: 'depot:hh', key: 'loading-dock', pinned: false });
    expect(forecast).toMatchObject({ people: 2, peopleOverNow: 2, peopleOver: 2 });
    expect(forecast.groups[0]).toMatchObject({ pinnedKeys: 6, pinnedOmitted: 1 });
  });

  it('counts only the tenants the viewer administers for a global pin', async () => {
    const forecast = await (await db.callerAs(BOB)).facts.forecast({ scope: 'global', key: 'units' });
    const berlin = await db.prisma.user.count({ where: { tenantRef: 'berlin', disabled: false, system: false } });
    expect(forecast.people).toBe(berlin);
    expect(forecast.peopleOver).toBe(0);
  });

  it('says how many people in how many organisations a fact for everyone reaches', async () => {
    const forecast = await (await db.callerAs('gina@example.com')).facts.forecast({ scope: 'global', key: 'units', pinned: false });
    const everyone = await db.prisma.user.count({ where: { disabled: false, system: false } });
    const organisations = await db.prisma.user.groupBy({ by: ['tenantRef'], where: { disabled: false, system: false } });
    expect(forecast).toMatchObject({ people: everyone, organisations: organisations.length, pinned: false });
    expect(organisations.length).toBeGreaterThan(1);
  });

  it('answers NOT_FOUND for another tenant scope', async () => {
    const error = await errorOf((await db.callerAs(BOB)).facts.forecast({ scope: 'tenant:hamburg', key: 'x' }));
    expect(error.code).toBe('NOT_FOUND');
  });
});

describe('facts.setPinned over the budget', () => {
  it('needs the number of people the forecast names, confirmed', async () => {
    const caller = await db.callerAs(HAMBURG_ADMIN);
    const saved = await caller.facts.save({ scope: 'tenant:hamburg', key: 'forklift-check', text: 'Check the forklift daily.' });
    const refused = await errorOf(caller.facts.setPinned({ id: saved.id, pinned: true, expectedVersion: 1 }));
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toContain('3 people');
    const wrong = await errorOf(caller.facts.setPinned({ id: saved.id, pinned: true, expectedVersion: 1, confirmOmissions: 2 }));
    expect(wrong.code).toBe('CONFLICT');
    expect((await db.prisma.agentMemory.findUniqueOrThrow({ where: { id: saved.id } })).pinned).toBe(false);
    const pinned = await caller.facts.setPinned({ id: saved.id, pinned: true, expectedVersion: 1, confirmOmissions: 3 });
    expect(pinned).toMatchObject({ pinned: true, version: 2 });
  });

  it('asks the same when a fact is saved pinned', async () => {
    const caller = await db.callerAs(HAMBURG_ADMIN);
    const error = await errorOf(caller.facts.save({ scope: 'depot:hh', key: 'gloves', text: 'Wear gloves.', pinned: true }));
    expect(error.code).toBe('CONFLICT');
    expect(await db.prisma.agentMemory.findUnique({ where: { scope_key: { scope: 'depot:hh', key: 'gloves' } } })).toBeNull();
  });

  it('unpins without asking', async () => {
    const caller = await db.callerAs(HAMBURG_ADMIN);
    const id = await factId(db, 'tenant:hamburg', 'escalation');
    const version = (await db.prisma.agentMemory.findUniqueOrThrow({ where: { id } })).version;
    await expect(caller.facts.setPinned({ id, pinned: false, expectedVersion: version })).resolves.toMatchObject({ pinned: false });
  });
});
