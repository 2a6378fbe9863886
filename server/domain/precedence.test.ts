import { describe, expect, it } from 'vitest';
import { applyPrecedence } from './precedence';
import { U1_SCOPES, day, record } from './test-fixtures';

describe('applyPrecedence', () => {
  it('fiscal-year: the actor agent value wins and carries the global human value with its author', () => {
    const global = record({
      key: 'fiscal-year',
      scope: 'global',
      text: 'the fiscal year starts in October',
      author: 'human',
    });
    const mine = record({
      key: 'fiscal-year',
      scope: 'actor:u1',
      text: 'they report on the calendar year',
      author: 'agent',
    });
    const [entry, ...others] = applyPrecedence([global, mine], U1_SCOPES);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      id: mine.id,
      scope: 'actor:u1',
      text: 'they report on the calendar year',
      author: 'agent',
      overrides: [{ scope: 'global', text: 'the fiscal year starts in October', author: 'human' }],
      alwaysOn: false,
    });
  });

  it('lists every beaten value narrowest first, whatever the input order', () => {
    const records = [
      record({ key: 'units', scope: 'global', text: 'km', author: 'human' }),
      record({ key: 'units', scope: 'tenant:berlin', text: 'metres', author: 'human' }),
      record({ key: 'units', scope: 'depot:hh', text: 'miles', author: 'agent' }),
    ];
    const [entry] = applyPrecedence(records, U1_SCOPES);
    expect(entry?.scope).toBe('depot:hh');
    expect(entry?.overrides).toEqual([
      { scope: 'tenant:berlin', text: 'metres', author: 'human' },
      { scope: 'global', text: 'km', author: 'human' },
    ]);
  });

  it('a custom depot: scope beats the tenant and loses to the actor', () => {
    const entries = applyPrecedence(
      [
        record({ key: 'a', scope: 'tenant:berlin' }),
        record({ key: 'a', scope: 'depot:hh' }),
        record({ key: 'b', scope: 'actor:u1' }),
        record({ key: 'b', scope: 'depot:hh' }),
      ],
      U1_SCOPES,
    );
    expect(entries.map((e) => [e.key, e.scope])).toEqual([
      ['b', 'actor:u1'],
      ['a', 'depot:hh'],
    ]);
  });

  it('never lets a record outside the scopes appear, neither as winner nor as override', () => {
    const entries = applyPrecedence(
      [
        record({ key: 'fiscal-year', scope: 'actor:u2', text: 'someone else' }),
        record({ key: 'fiscal-year', scope: 'tenant:munich', text: 'another tenant' }),
        record({ key: 'fiscal-year', scope: 'global', text: 'october' }),
        record({ key: 'secret', scope: 'actor:u2' }),
      ],
      U1_SCOPES,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ scope: 'global', text: 'october', overrides: [] });
  });

  it.each([
    ['a pin at global makes the actor override always-on', 'global', true],
    ['a pin on the winner itself', 'actor:u1', true],
    ['no pin anywhere', null, false],
  ])('%s', (_name, pinnedAt, alwaysOn) => {
    const entries = applyPrecedence(
      [
        record({ key: 'fiscal-year', scope: 'global', pinned: pinnedAt === 'global' }),
        record({ key: 'fiscal-year', scope: 'actor:u1', pinned: pinnedAt === 'actor:u1' }),
      ],
      U1_SCOPES,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]?.scope).toBe('actor:u1');
    expect(entries[0]?.pinned).toBe(pinnedAt === 'actor:u1');
    expect(entries[0]?.alwaysOn).toBe(alwaysOn);
  });

  it('a pin outside the scopes does not make a key always-on', () => {
    const entries = applyPrecedence(
      [record({ key: 'k', scope: 'tenant:munich', pinned: true }), record({ key: 'k', scope: 'global' })],
      U1_SCOPES,
    );
    expect(entries[0]?.alwaysOn).toBe(false);
  });

  it('orders the result by scope position (narrow to wide), then key, never by recency', () => {
    const entries = applyPrecedence(
      [
        record({ key: 'b', scope: 'global', updatedAt: day(9) }),
        record({ key: 'z', scope: 'tenant:berlin', updatedAt: day(1) }),
        record({ key: 'a', scope: 'global', updatedAt: day(1) }),
        record({ key: 'y', scope: 'actor:u1', updatedAt: day(1) }),
        record({ key: 'c', scope: 'depot:hh', updatedAt: day(5) }),
      ],
      U1_SCOPES,
    );
    expect(entries.map((e) => `${e.scope}/${e.key}`)).toEqual(['actor:u1/y', 'depot:hh/c', 'tenant:berlin/z', 'global/a', 'global/b']);
  });

  it('uses the position in the scopes argument, not the kind name', () => {
    const entries = applyPrecedence(
      [record({ key: 'k', scope: 'tenant:berlin' }), record({ key: 'k', scope: 'depot:hh' })],
      ['actor:u1', 'tenant:berlin', 'depot:hh', 'global'],
    );
    expect(entries[0]?.scope).toBe('tenant:berlin');
  });

  it('breaks a duplicate (scope, key) by newest, deterministically', () => {
    const older = record({ key: 'k', scope: 'global', text: 'old', updatedAt: day(1) });
    const newer = record({ key: 'k', scope: 'global', text: 'new', updatedAt: day(2) });
    for (const input of [
      [older, newer],
      [newer, older],
    ]) {
      const [entry] = applyPrecedence(input, U1_SCOPES);
      expect(entry?.text).toBe('new');
      expect(entry?.overrides).toEqual([{ scope: 'global', text: 'old', author: 'human' }]);
    }
  });

  it('keeps the winner’s own fields and does not modify its input', () => {
    const winner = record({ key: 'k', scope: 'actor:u1', threadId: 'thr_1', runId: 'run_1', actorRef: 'u1' });
    const input = [record({ key: 'k', scope: 'global' }), winner];
    const snapshot = structuredClone(input);
    const [entry] = applyPrecedence(input, U1_SCOPES);
    expect(entry).toMatchObject({ threadId: 'thr_1', runId: 'run_1', actorRef: 'u1', updatedAt: winner.updatedAt });
    expect(input).toEqual(snapshot);
  });

  it('returns nothing for no records', () => {
    expect(applyPrecedence([], U1_SCOPES)).toEqual([]);
  });
});
