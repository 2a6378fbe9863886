// An administrator of one custom scope (depot:hh) only: its facts, its people and nothing else of
// the tenant (docs/features.md "Published facts").
import { beforeAll, describe, expect, it } from 'vitest';
import { addHamburgAdmin, DEPOT_ADMIN, factId } from '../../testing/facts-personas';
import { useSeededDatabase } from '../../testing/seeded-database';
import { errorOf, reasonOf } from '../../testing/trpc-error';

const db = useSeededDatabase();

beforeAll(async () => {
  await addHamburgAdmin(db, DEPOT_ADMIN);
});

describe('a depot administrator', () => {
  it('lists the depot facts (editable) and the global ones, not the tenant’s', async () => {
    const { facts } = await (await db.callerAs(DEPOT_ADMIN)).facts.list({});
    expect(new Set(facts.map((fact) => fact.scope))).toEqual(new Set(['depot:hh', 'global']));
    expect(facts.filter((fact) => fact.scope === 'depot:hh').every((fact) => fact.canEdit)).toBe(true);
  });

  it('forecasts a depot pin for the depot members', async () => {
    const forecast = await (await db.callerAs(DEPOT_ADMIN)).facts.forecast({ scope: 'depot:hh', key: 'gloves' });
    expect(forecast).toMatchObject({ people: 2, peopleOver: 2, groups: [{ names: ['Hana Hoffmann', 'Jonas Jäger'] }] });
  });

  it('counts the depot members who override a depot fact', async () => {
    const caller = await db.callerAs(DEPOT_ADMIN);
    await db.prisma.agentMemory.create({
      data: {
        id: 'mem_01JDEPOTOVERRIDE0000000000',
        key: 'loading-dock',
        text: 'I use dock 1.',
        scope: 'actor:h2',
        tenantRef: 'hamburg',
        author: 'human',
      },
    });
    const id = await factId(db, 'depot:hh', 'loading-dock');
    const { facts } = await caller.facts.list({ scope: 'depot:hh' });
    expect(facts.find((fact) => fact.id === id)?.overrides).toBe(1);
    expect(await caller.facts.overrides({ id })).toEqual([expect.objectContaining({ person: 'Jonas Jäger', text: 'I use dock 1.' })]);
  });

  it('publishes at the depot but not at the tenant', async () => {
    const caller = await db.callerAs(DEPOT_ADMIN);
    await expect(caller.facts.save({ scope: 'depot:hh', key: 'vest-colour', text: 'Vests are orange.' })).resolves.toMatchObject({
      version: 1,
    });
    expect((await errorOf(caller.facts.save({ scope: 'tenant:hamburg', key: 'x', text: 'No.' }))).code).toBe('NOT_FOUND');
    // Their own organisation, which they do not administer: refused like every administrators' service does.
    const refused = await errorOf(caller.tenants.settings({ tenantRef: 'hamburg' }));
    expect([refused.code, reasonOf(refused)]).toEqual(['FORBIDDEN', 'NOT_ADMINISTRATOR']);
  });
});
