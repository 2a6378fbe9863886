import { describe, expect, it } from 'vitest';
import { overviewBuckets, overviewSummary } from './ops-overview';

const MIN = 60_000;
const window = { fromMs: 0, toMs: 10 * MIN, bucketMs: 5 * MIN };
const turn = (minute: number, turns: number, promptCharsBuckets: number[]) => ({
  minuteMs: minute * MIN,
  turns,
  offered: turns * 3,
  omitted: turns,
  pinnedOmitted: minute === 7 ? 2 : 0,
  turnsPinnedOmitted: minute === 7 ? 1 : 0,
  recalled: 1,
  promptCharsMax: 900,
  promptCharsBuckets,
});

describe('overviewBuckets', () => {
  it('sums minutes into their buckets and leaves empty buckets at zero', () => {
    const { buckets, scopeKinds } = overviewBuckets(
      window,
      [turn(1, 2, [2]), turn(4, 1, [0, 1]), turn(7, 4, [0, 4]), turn(11, 9, [9])],
      [
        { minuteMs: 2 * MIN, scopeKind: 'tenant', writes: 3 },
        { minuteMs: 3 * MIN, scopeKind: 'actor', writes: 1 },
      ],
    );
    expect(scopeKinds).toEqual(['actor', 'tenant']);
    expect(buckets.map((bucket) => bucket.startMs)).toEqual([0, 5 * MIN]);
    expect(buckets[0]).toMatchObject({ turns: 3, offered: 9, omitted: 3, pinnedOmitted: 0, recalled: 2, writes: { actor: 1, tenant: 3 } });
    expect(buckets[1]).toMatchObject({ turns: 4, pinnedOmitted: 2, writes: { actor: 0, tenant: 0 } });
    expect(buckets[0]!.promptCharsP50).toBeLessThanOrEqual(500);
    expect(buckets[1]!.promptCharsP50).toBeGreaterThan(500);
  });

  it('has no percentiles for a bucket without turns', () => {
    const { buckets } = overviewBuckets(window, [], []);
    expect(buckets.every((bucket) => bucket.promptCharsP50 === null && bucket.turns === 0)).toBe(true);
  });
});

describe('overviewBuckets arrival', () => {
  it('marks a bucket arrived when a turn or a write fell into it, and only then', () => {
    const wide = { fromMs: 0, toMs: 15 * MIN, bucketMs: 5 * MIN };
    const { buckets } = overviewBuckets(wide, [turn(1, 2, [2])], [{ minuteMs: 12 * MIN, scopeKind: 'actor', writes: 1 }]);
    expect(buckets.map((bucket) => bucket.arrived)).toEqual([true, false, true]);
    expect(buckets[1]).toMatchObject({ turns: 0, turnsPinnedOmitted: 0 });
  });
});

describe('overviewSummary', () => {
  it('totals the turns, the share that dropped always-on facts, and the window’s p95', () => {
    const summary = overviewSummary([turn(1, 2, [2]), turn(7, 4, [0, 4]), turn(8, 4, [0, 4])]);
    expect(summary).toMatchObject({ turns: 10, turnsPinnedOmitted: 1, pinnedOmittedPercent: 10 });
    expect(summary.promptCharsP95).toBeGreaterThan(500);
  });

  it('has no share and no p95 without turns', () => {
    expect(overviewSummary([])).toEqual({ turns: 0, turnsPinnedOmitted: 0, pinnedOmittedPercent: null, promptCharsP95: null });
  });
});
