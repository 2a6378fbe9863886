import { describe, expect, it } from 'vitest';
import { MAX_ALERT_SCOPES, mergeDropDetail, pinnedDrops } from './pinned-drop-alert';
import type { Diagnostic } from './runtime-rollup';

const turn = (atMs: number, pinnedOmitted: number, scopes: string[] | null, tenantRef = 'hamburg'): Diagnostic => ({
  type: 'memory.resolved',
  atMs,
  tenantRef,
  scopes,
  offered: 5,
  omitted: 2,
  pinnedOmitted,
  recalled: 0,
  promptChars: 400,
});

describe('pinnedDrops', () => {
  it('summarises only turns that dropped pinned policies, per tenant', () => {
    const drops = pinnedDrops([
      turn(300, 1, ['actor:h1']),
      turn(100, 3, ['depot:hh']),
      turn(200, 0, ['actor:h9']),
      turn(50, 2, ['actor:u1'], 'berlin'),
    ]);
    expect(drops).toEqual([
      { tenantRef: 'berlin', firstMs: 50, lastMs: 50, occurrences: 1, maxPinnedOmitted: 2, scopes: ['actor:u1'], scopesUnreported: false },
      {
        tenantRef: 'hamburg',
        firstMs: 100,
        lastMs: 300,
        occurrences: 2,
        maxPinnedOmitted: 3,
        scopes: ['actor:h1', 'depot:hh'],
        scopesUnreported: false,
      },
    ]);
  });

  it('says the scopes were not reported when a turn sent only their count', () => {
    const [drop] = pinnedDrops([turn(100, 1, ['depot:hh']), turn(200, 2, null)]);
    expect(drop).toMatchObject({ occurrences: 2, maxPinnedOmitted: 2, scopes: ['depot:hh'], scopesUnreported: true });
    expect(mergeDropDetail({ maxPinnedOmitted: 1, scopes: [] }, drop!)).toEqual({
      maxPinnedOmitted: 2,
      scopes: ['depot:hh'],
      scopesUnreported: true,
    });
    // Once not reported, an alert stays so, even when later turns list their scopes.
    const [listed] = pinnedDrops([turn(300, 1, ['actor:h1'])]);
    expect(mergeDropDetail({ maxPinnedOmitted: 2, scopes: ['depot:hh'], scopesUnreported: true }, listed!)).toEqual({
      maxPinnedOmitted: 2,
      scopes: ['depot:hh', 'actor:h1'],
      scopesUnreported: true,
    });
  });
});

describe('mergeDropDetail', () => {
  it('keeps the larger maximum and the union of scopes, bounded', () => {
    const [drop] = pinnedDrops([turn(1, 2, ['a:1', 'a:2'])]);
    expect(mergeDropDetail({ maxPinnedOmitted: 4, scopes: ['a:2', 'a:3'] }, drop!)).toEqual({
      maxPinnedOmitted: 4,
      scopes: ['a:2', 'a:3', 'a:1'],
    });
    expect(mergeDropDetail('garbage', drop!)).toEqual({ maxPinnedOmitted: 2, scopes: ['a:1', 'a:2'] });
    const many = Array.from({ length: MAX_ALERT_SCOPES }, (_, index) => `s:${index}`);
    expect(mergeDropDetail({ maxPinnedOmitted: 1, scopes: many }, drop!).scopes).toHaveLength(MAX_ALERT_SCOPES);
  });
});
