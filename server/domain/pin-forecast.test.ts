import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forecastGroup, forecastOrdinary, forecastPins, ordinaryCarried, withPin, type ScopeGroup } from './pin-forecast';
import { resolveScopes } from './resolve-scopes';
import { day, record } from './test-fixtures';
import type { MemoryRecord } from './types';

const HAMBURG: MemoryRecord[] = [
  record({ scope: 'tenant:hamburg', key: 'working-hours', pinned: true, updatedAt: day(1) }),
  record({ scope: 'tenant:hamburg', key: 'holiday-calendar', pinned: true, updatedAt: day(2) }),
  record({ scope: 'tenant:hamburg', key: 'escalation', pinned: true, updatedAt: day(3) }),
  record({ scope: 'tenant:hamburg', key: 'reply-language', pinned: true, updatedAt: day(4) }),
  record({ scope: 'depot:hh', key: 'loading-dock', pinned: true, updatedAt: day(1) }),
  record({ scope: 'depot:hh', key: 'safety-briefing', pinned: true, updatedAt: day(1) }),
  record({ scope: 'global', key: 'fiscal-year', pinned: true, updatedAt: day(1) }),
  record({ scope: 'global', key: 'units', updatedAt: day(1) }),
];

describe('forecastPins', () => {
  it('counts the people of a group whose pins do not fit, and names the pins dropped', () => {
    const groups: ScopeGroup[] = [
      { scopes: ['depot:hh', 'tenant:hamburg', 'global'], people: 2, maxMemories: 5 },
      { scopes: ['tenant:hamburg', 'global'], people: 3, maxMemories: 5 },
    ];
    const forecast = forecastPins(HAMBURG, groups);
    expect(forecast.people).toBe(5);
    // Depot members carry 7 pinned keys in 5 lines; the others carry exactly 5.
    expect(forecast.peopleOver).toBe(2);
    expect(forecast.groups).toHaveLength(1);
    expect(forecast.groups[0]).toMatchObject({ people: 2, pinnedKeys: 7, pinnedOmitted: 2 });
    // The widest and then the stalest are left out: global first, then the oldest tenant pin.
    expect(forecast.groups[0]!.dropped.map((pin) => pin.key).sort()).toEqual(['fiscal-year', 'working-hours']);
  });

  it('sees a pin that is not made yet through withPin', () => {
    const groups: ScopeGroup[] = [{ scopes: ['tenant:hamburg', 'global'], people: 3, maxMemories: 5 }];
    expect(forecastPins(HAMBURG, groups).peopleOver).toBe(0);
    const pinnedUnits = withPin(HAMBURG, { scope: 'global', key: 'units', pinned: true, updatedAt: day(9) });
    expect(forecastPins(pinnedUnits, groups).peopleOver).toBe(3);
    const newPin = withPin(HAMBURG, { scope: 'tenant:hamburg', key: 'parking', pinned: true, updatedAt: day(9) });
    expect(forecastPins(newPin, groups)).toMatchObject({ peopleOver: 3, groups: [{ pinnedKeys: 6, pinnedOmitted: 1 }] });
  });

  it('reports nobody over the budget when every pin fits', () => {
    const forecast = forecastPins(HAMBURG, [{ scopes: ['depot:hh', 'tenant:hamburg', 'global'], people: 4, maxMemories: 20 }]);
    expect(forecast).toEqual({ people: 4, peopleOver: 0, groups: [] });
  });
});

// Few scopes and keys so pins collide often; people carry unpinned records of their own.
const SHARED = ['global', 'tenant:a', 'tenant:b', 'team:x', 'team:y', 'depot:z'];
const CUSTOM = { a: ['team:x', 'team:y'], b: ['depot:z'] } as const;
const BUDGET = { a: 2, b: 3 } as const;
const KEYS = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6'];

const peopleArb = fc.array(
  fc.record({ tenant: fc.constantFrom('a' as const, 'b' as const), pick: fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }) }),
  { minLength: 1, maxLength: 25 },
);
const sharedArb = fc.array(
  fc.record({ scope: fc.constantFrom(...SHARED), key: fc.constantFrom(...KEYS), pinned: fc.boolean(), d: fc.integer({ min: 1, max: 3 }) }),
  { maxLength: 20 },
);
const ownArb = fc.array(fc.record({ person: fc.nat(24), key: fc.constantFrom(...KEYS) }), { maxLength: 15 });

describe('grouping people by scope set', () => {
  it('gives the same answer as computing every person alone', () => {
    fc.assert(
      fc.property(peopleArb, sharedArb, ownArb, (people, shared, own) => {
        const persons = people.map((p, index) => ({
          actorRef: `p${index}`,
          tenantRef: p.tenant,
          memberships: CUSTOM[p.tenant].filter((_scope, i) => p.pick[i]),
        }));
        const records: MemoryRecord[] = [
          ...shared.map(({ d, ...fields }) => record({ ...fields, updatedAt: day(d) })),
          // A person's own values are never pinned; they may answer a pinned key for that person.
          ...own.filter((o) => o.person < persons.length).map((o) => record({ scope: `actor:p${o.person}`, key: o.key })),
        ];

        const alone = persons.map((person) =>
          forecastGroup(records, { scopes: resolveScopes(person), people: 1, maxMemories: BUDGET[person.tenantRef] }),
        );
        const bySet = new Map<string, ScopeGroup>();
        for (const person of persons) {
          const scopes = resolveScopes(person).slice(1);
          const id = scopes.join(' ');
          const group = bySet.get(id) ?? { scopes, people: 0, maxMemories: BUDGET[person.tenantRef] };
          group.people += 1;
          bySet.set(id, group);
        }
        const grouped = forecastPins(records, [...bySet.values()]);

        expect(grouped.people).toBe(persons.length);
        expect(grouped.peopleOver).toBe(alone.filter((one) => one.pinnedOmitted > 0).length);
        const omittedGrouped = grouped.groups.reduce((sum, group) => sum + group.pinnedOmitted * group.people, 0);
        expect(omittedGrouped).toBe(alone.reduce((sum, one) => sum + one.pinnedOmitted, 0));
      }),
    );
  });
});

describe('forecastOrdinary', () => {
  // Alice: two always-on facts (tenant, global), three of her own memories, two shared ordinary ones.
  const scopes = ['actor:u1', 'tenant:berlin', 'global'];
  const shared: MemoryRecord[] = [
    record({ scope: 'tenant:berlin', key: 'data-retention', pinned: true, updatedAt: day(1) }),
    record({ scope: 'global', key: 'fiscal-year', pinned: true, updatedAt: day(1) }),
    record({ scope: 'tenant:berlin', key: 'expense-limit', updatedAt: day(2) }),
    record({ scope: 'global', key: 'units', updatedAt: day(3) }),
  ];
  const own: MemoryRecord[] = [
    record({ scope: 'actor:u1', key: 'team', updatedAt: day(4) }),
    record({ scope: 'actor:u1', key: 'answer-language', updatedAt: day(5) }),
    record({ scope: 'actor:u1', key: 'hotel', updatedAt: day(6) }),
    // Her own value for a pinned key is always on too (the key is pinned at one of her scopes).
    record({ scope: 'actor:u1', key: 'fiscal-year', updatedAt: day(7) }),
  ];
  const alice = { name: 'Alice Adler', scopes, records: [...shared, ...own] };
  const carla = { name: 'Carla Conrad', scopes: ['actor:u4', 'tenant:berlin', 'global'], records: shared };

  it.each([
    // limit → ordinary memories carried: always-on ones take the first two places.
    [20, 5],
    [7, 5],
    [6, 4],
    [3, 1],
    [2, 0],
    [1, 0],
  ])('with a limit of %i Alice carries %i ordinary memories', (limit, carried) => {
    expect(ordinaryCarried(alice.records, scopes, limit)).toBe(carried);
  });

  it.each([
    [
      20,
      2,
      {
        peopleLosing: 2,
        memoriesLost: 7,
        top: [
          ['Alice Adler', 5],
          ['Carla Conrad', 2],
        ],
      },
    ],
    [20, 6, { peopleLosing: 1, memoriesLost: 1, top: [['Alice Adler', 1]] }],
    [20, 7, { peopleLosing: 0, memoriesLost: 0, top: [] }],
    // Raising loses nothing.
    [2, 20, { peopleLosing: 0, memoriesLost: 0, top: [] }],
  ] as const)('from %i to %i', (before, after, expected) => {
    const forecast = forecastOrdinary([carla, alice], before, after, 10);
    expect(forecast.people).toBe(2);
    expect(forecast.peopleLosing).toBe(expected.peopleLosing);
    expect(forecast.memoriesLost).toBe(expected.memoriesLost);
    expect(forecast.top.map((loss) => [loss.name, loss.lost])).toEqual(expected.top);
  });

  it('names at most `top` people, who lose most first', () => {
    const forecast = forecastOrdinary([carla, alice], 20, 2, 1);
    expect(forecast.top).toEqual([{ name: 'Alice Adler', carriedBefore: 5, carriedAfter: 0, lost: 5 }]);
    expect(forecast.peopleLosing).toBe(2);
  });
});
