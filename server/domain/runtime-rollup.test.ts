import { describe, expect, it } from 'vitest';
import { PROMPT_CHARS_BUCKETS, promptCharsBucket, rollUp, type Diagnostic, type ResolvedDiagnostic } from './runtime-rollup';

const T0 = Date.UTC(2026, 10, 30, 12, 0, 0);
const turn = (atMs: number, promptChars: number, pinnedOmitted = 0, tenantRef = 'berlin'): Diagnostic => ({
  type: 'memory.resolved',
  atMs,
  tenantRef,
  scopes: [],
  offered: 3,
  omitted: 1,
  pinnedOmitted,
  recalled: 2,
  promptChars,
});

describe('promptCharsBucket', () => {
  it('puts a size in the first bucket whose bound it does not exceed, and the rest in the last', () => {
    expect(promptCharsBucket(0)).toBe(0);
    expect(promptCharsBucket(500)).toBe(0);
    expect(promptCharsBucket(501)).toBe(1);
    expect(promptCharsBucket(10_000_000)).toBe(PROMPT_CHARS_BUCKETS.length);
  });
});

describe('rollUp', () => {
  it('sums turns per tenant and minute, with max and histogram', () => {
    const { turns } = rollUp([turn(T0 + 5_000, 400), turn(T0 + 59_999, 3_000, 2), turn(T0 + 60_000, 100), turn(T0, 100, 0, 'hamburg')]);
    expect(turns.map((row) => [row.tenantRef, row.minuteMs, row.turns])).toEqual([
      ['berlin', T0, 2],
      ['berlin', T0 + 60_000, 1],
      ['hamburg', T0, 1],
    ]);
    expect(turns[0]).toMatchObject({
      offered: 6,
      omitted: 2,
      pinnedOmitted: 2,
      turnsPinnedOmitted: 1,
      recalled: 4,
      turnsRecalled: 2,
      promptChars: 3_400,
      promptCharsMax: 3_000,
    });
    expect(turns[0]!.promptCharsBuckets).toEqual([1, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
  });

  it('sums recalled counts, and counts the turns that recalled from counts and from booleans alike', () => {
    const recalling = (recalled: number | boolean): Diagnostic => ({ ...(turn(T0, 100) as ResolvedDiagnostic), recalled });
    const [row] = rollUp([recalling(3), recalling(0), recalling(true), recalling(false), recalling(true)]).turns;
    // 3 memories from the one turn that counted; turns that recalled: the count of 3 and both trues.
    expect(row).toMatchObject({ turns: 5, recalled: 3, turnsRecalled: 3 });
  });

  it('counts writes and characters per scope kind', () => {
    const write = (scope: string, chars: number): Diagnostic => ({ type: 'memory.written', atMs: T0, tenantRef: 'berlin', scope, chars });
    const { writes, turns } = rollUp([write('actor:u1', 10), write('actor:u2', 5), write('depot:hh', 7)]);
    expect(turns).toEqual([]);
    expect(writes).toEqual([
      { tenantRef: 'berlin', minuteMs: T0, scopeKind: 'actor', writes: 2, chars: 15 },
      { tenantRef: 'berlin', minuteMs: T0, scopeKind: 'depot', writes: 1, chars: 7 },
    ]);
  });
});
