import { describe, expect, it } from 'vitest';
import { bucketComplete, bucketStatuses, OPS_GAP_MIN_MS } from './ops-series';

const MIN = 60_000;

describe('bucketStatuses', () => {
  it.each([
    {
      name: 'a 25-minute hole of 1-minute buckets is a gap',
      arrived: [true, ...Array<boolean>(25).fill(false), true],
      bucket: MIN,
      gaps: 25,
      quiet: 0,
    },
    { name: 'a 3-minute hole is quiet (zero), not a gap', arrived: [true, false, false, false, true], bucket: MIN, gaps: 0, quiet: 3 },
    { name: 'one empty hour bucket between data is a gap', arrived: [true, false, true], bucket: 60 * MIN, gaps: 1, quiet: 0 },
    { name: 'empty buckets before the first data are a gap', arrived: [false, false, true, true], bucket: MIN, gaps: 2, quiet: 0 },
    { name: 'empty buckets after the last data are a gap', arrived: [true, false], bucket: MIN, gaps: 1, quiet: 0 },
    { name: 'nothing arrived at all: all gap', arrived: [false, false, false], bucket: MIN, gaps: 3, quiet: 0 },
    { name: 'everything arrived: no gap', arrived: [true, true, true], bucket: MIN, gaps: 0, quiet: 0 },
  ])('$name', ({ arrived, bucket, gaps, quiet }) => {
    const statuses = bucketStatuses(arrived, bucket);
    expect(statuses).toHaveLength(arrived.length);
    expect(statuses.filter((status) => status === 'gap')).toHaveLength(gaps);
    expect(statuses.filter((status) => status === 'quiet')).toHaveLength(quiet);
    arrived.forEach((has, index) => expect(statuses[index] === 'data').toBe(has));
  });

  it('the threshold is exact: a hole of exactly the minimum is a gap, one bucket less is quiet', () => {
    const holeOf = (n: number) => [true, ...Array<boolean>(n).fill(false), true];
    expect(bucketStatuses(holeOf(OPS_GAP_MIN_MS / MIN), MIN)).toContain('gap');
    expect(bucketStatuses(holeOf(OPS_GAP_MIN_MS / MIN - 1), MIN)).not.toContain('gap');
  });
});

describe('bucketComplete', () => {
  const now = Date.UTC(2026, 11, 4, 12, 30);
  it.each([
    { name: 'a bucket that ended before now', start: now - 2 * 60 * MIN, to: now, complete: true },
    { name: 'the current bucket', start: Date.UTC(2026, 11, 4, 12), to: now, complete: false },
    { name: 'a bucket ending exactly now', start: now - 60 * MIN, to: now, complete: true },
    {
      name: 'a past bucket the window’s end cuts short',
      start: Date.UTC(2026, 11, 3, 9),
      to: Date.UTC(2026, 11, 3, 9, 20),
      complete: false,
    },
  ])('$name', ({ start, to, complete }) => {
    expect(bucketComplete(start, 60 * MIN, to, now)).toBe(complete);
  });
});
