import { describe, expect, it } from 'vitest';
import { renderBlock } from './render-block';
import { selectForTurn } from './selection';
import { U1_SCOPES, day, record, resolved } from './test-fixtures';
import type { ResolvedEntry, Selection } from './types';

const keysOf = (selection: Selection) => selection.entries.map((e) => `${e.scope}/${e.key}`);

describe('selectForTurn without a ranking', () => {
  it('offers everything that fits, ordered by scope then key, and is not partial', () => {
    const entries = resolved([
      record({ key: 'b', scope: 'global', updatedAt: day(9) }),
      record({ key: 'a', scope: 'global', updatedAt: day(1) }),
      record({ key: 'z', scope: 'actor:u1', updatedAt: day(1) }),
    ]);
    const selection = selectForTurn(entries, U1_SCOPES, { maxMemories: 3 });
    expect(keysOf(selection)).toEqual(['actor:u1/z', 'global/a', 'global/b']);
    expect(selection.partial).toBe(false);
    expect(selection.digest).toEqual({
      scopes: U1_SCOPES,
      offered: 3,
      omitted: 0,
      pinnedOmitted: 0,
      recalled: 0,
      promptChars: renderBlock(selection).text.length,
    });
    expect(selection.digest.promptChars).toBeGreaterThan(0);
  });

  it('drops the widest scopes first and the stalest within a scope', () => {
    const entries = resolved([
      record({ key: 'old-global', scope: 'global', updatedAt: day(1) }),
      record({ key: 'new-global', scope: 'global', updatedAt: day(20) }),
      record({ key: 'stale-tenant', scope: 'tenant:berlin', updatedAt: day(1) }),
      record({ key: 'fresh-tenant', scope: 'tenant:berlin', updatedAt: day(5) }),
      record({ key: 'depot', scope: 'depot:hh', updatedAt: day(1) }),
      record({ key: 'mine', scope: 'actor:u1', updatedAt: day(1) }),
    ]);
    const selection = selectForTurn(entries, U1_SCOPES, { maxMemories: 3 });
    expect(keysOf(selection)).toEqual(['actor:u1/mine', 'depot:hh/depot', 'tenant:berlin/fresh-tenant']);
    expect(selection.partial).toBe(true);
    expect(selection.digest).toMatchObject({ offered: 3, omitted: 3, pinnedOmitted: 0, recalled: 0 });
  });

  it('a pin at global makes the actor override always-on, ahead of narrower and newer notes', () => {
    const entries = resolved([
      record({ key: 'fiscal-year', scope: 'global', pinned: true, author: 'human', updatedAt: day(1) }),
      record({ key: 'fiscal-year', scope: 'actor:u1', author: 'agent', text: 'calendar year', updatedAt: day(1) }),
      record({ key: 'a', scope: 'actor:u1', updatedAt: day(30) }),
      record({ key: 'b', scope: 'actor:u1', updatedAt: day(30) }),
    ]);
    const selection = selectForTurn(entries, U1_SCOPES, { maxMemories: 1 });
    expect(selection.entries).toHaveLength(1);
    expect(selection.entries[0]).toMatchObject({
      key: 'fiscal-year',
      scope: 'actor:u1',
      text: 'calendar year',
      alwaysOn: true,
      overrides: [{ scope: 'global', author: 'human' }],
    });
    expect(selection.digest).toMatchObject({ offered: 1, omitted: 2, pinnedOmitted: 0 });
  });

  it('with more pinned keys than fit, keeps the narrowest and newest and counts the rest as pinnedOmitted', () => {
    const entries = resolved([
      record({ key: 'p-actor', scope: 'actor:u1', pinned: true, updatedAt: day(1) }),
      record({ key: 'p-tenant-new', scope: 'tenant:berlin', pinned: true, updatedAt: day(9) }),
      record({ key: 'p-tenant-old', scope: 'tenant:berlin', pinned: true, updatedAt: day(2) }),
      record({ key: 'p-global', scope: 'global', pinned: true, updatedAt: day(30) }),
      record({ key: 'not-pinned', scope: 'actor:u1', updatedAt: day(30) }),
    ]);
    const selection = selectForTurn(entries, U1_SCOPES, { maxMemories: 2 });
    expect(keysOf(selection)).toEqual(['actor:u1/p-actor', 'tenant:berlin/p-tenant-new']);
    expect(selection.partial).toBe(true);
    expect(selection.digest).toMatchObject({ offered: 2, omitted: 3, pinnedOmitted: 2, recalled: 0 });
  });

  it.each([
    [0, 0, 3, 2],
    [1, 1, 2, 1],
    [2, 2, 1, 0],
    [3, 3, 0, 0],
    [10, 3, 0, 0],
  ])('maxMemories %i → offered %i, omitted %i, pinnedOmitted %i', (maxMemories, offered, omitted, pinnedOmitted) => {
    const entries = resolved([
      record({ key: 'p1', scope: 'actor:u1', pinned: true }),
      record({ key: 'p2', scope: 'global', pinned: true }),
      record({ key: 'n', scope: 'actor:u1' }),
    ]);
    const selection = selectForTurn(entries, U1_SCOPES, { maxMemories });
    expect(selection.digest).toMatchObject({ offered, omitted, pinnedOmitted });
    expect(selection.partial).toBe(omitted > 0);
  });
});

describe('selectForTurn with a ranking', () => {
  const entries = resolved([
    record({ key: 'pinned', scope: 'global', pinned: true }),
    record({ key: 'a', scope: 'actor:u1', updatedAt: day(30) }),
    record({ key: 'b', scope: 'tenant:berlin', updatedAt: day(1) }),
    record({ key: 'c', scope: 'actor:u1', updatedAt: day(30) }),
    record({ key: 'd', scope: 'global', updatedAt: day(1) }),
  ]);

  it('fills the room left by pins in ranking order, skips unranked keys, and reports recalled', () => {
    const selection = selectForTurn(entries, U1_SCOPES, { maxMemories: 3, ranking: ['d', 'unknown', 'b', 'a'] });
    // The widest, stalest keys win because relevance, not scope, decides selection.
    expect(keysOf(selection)).toEqual(['tenant:berlin/b', 'global/d', 'global/pinned']);
    expect(selection.partial).toBe(true);
    expect(selection.digest).toMatchObject({ offered: 3, omitted: 2, pinnedOmitted: 0, recalled: 2 });
  });

  it('is partial whenever a ranking was used, even when nothing was omitted', () => {
    const selection = selectForTurn(entries, U1_SCOPES, { maxMemories: 10, ranking: ['a', 'b', 'c', 'd'] });
    expect(selection.digest).toMatchObject({ offered: 5, omitted: 0, recalled: 4 });
    expect(selection.partial).toBe(true);
  });

  it('an empty ranking recalls nothing but keeps the pins', () => {
    const selection = selectForTurn(entries, U1_SCOPES, { maxMemories: 10, ranking: [] });
    expect(keysOf(selection)).toEqual(['global/pinned']);
    expect(selection.digest).toMatchObject({ offered: 1, omitted: 4, recalled: 0 });
    expect(selection.partial).toBe(true);
  });

  it('does not count a ranked always-on key as recalled, nor a repeated key twice', () => {
    const selection = selectForTurn(entries, U1_SCOPES, { maxMemories: 10, ranking: ['pinned', 'c', 'c'] });
    expect(keysOf(selection)).toEqual(['actor:u1/c', 'global/pinned']);
    expect(selection.digest).toMatchObject({ offered: 2, omitted: 3, recalled: 1 });
  });

  it('recalls nothing when pins fill the budget', () => {
    const selection = selectForTurn(entries, U1_SCOPES, { maxMemories: 1, ranking: ['a'] });
    expect(keysOf(selection)).toEqual(['global/pinned']);
    expect(selection.digest).toMatchObject({ recalled: 0, omitted: 4 });
  });
});

describe('selectForTurn backstops', () => {
  it('never carries an entry outside the scopes and does not count it', () => {
    const stray: ResolvedEntry = { ...record({ key: 'secret', scope: 'actor:u2', pinned: true }), overrides: [], alwaysOn: true };
    const entries = [...resolved([record({ key: 'a', scope: 'global' })]), stray];
    const selection = selectForTurn(entries, U1_SCOPES, { maxMemories: 5 });
    expect(keysOf(selection)).toEqual(['global/a']);
    expect(selection.digest).toMatchObject({ offered: 1, omitted: 0, pinnedOmitted: 0 });
    expect(renderBlock(selection).text).not.toContain('secret');
  });

  it('keeps one line per key even if handed unresolved duplicates', () => {
    const wide: ResolvedEntry = { ...record({ key: 'k', scope: 'global' }), overrides: [], alwaysOn: false };
    const narrow: ResolvedEntry = { ...record({ key: 'k', scope: 'actor:u1' }), overrides: [], alwaysOn: false };
    const selection = selectForTurn([wide, narrow], U1_SCOPES, { maxMemories: 5 });
    expect(keysOf(selection)).toEqual(['actor:u1/k']);
    expect(selection.digest).toMatchObject({ offered: 1, omitted: 0 });
  });

  it('returns an empty, complete selection for no entries', () => {
    const selection = selectForTurn([], U1_SCOPES, { maxMemories: 20 });
    expect(selection).toEqual({
      entries: [],
      partial: false,
      digest: { scopes: U1_SCOPES, offered: 0, omitted: 0, pinnedOmitted: 0, recalled: 0, promptChars: 0 },
    });
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses maxMemories %s', (maxMemories) => {
    expect(() => selectForTurn([], U1_SCOPES, { maxMemories })).toThrow(RangeError);
  });

  it('does not modify its inputs', () => {
    const entries = resolved([record({ key: 'b', scope: 'global' }), record({ key: 'a', scope: 'actor:u1' })]).reverse();
    const scopes = [...U1_SCOPES];
    const snapshot = structuredClone(entries);
    selectForTurn(entries, scopes, { maxMemories: 1, ranking: ['b'] });
    expect(entries).toEqual(snapshot);
    expect(scopes).toEqual(U1_SCOPES);
  });
});
