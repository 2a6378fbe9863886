import { describe, expect, it } from 'vitest';
import { labelIndexes, linePath, runs, valueTicks } from './chart-geometry';

describe('the value axis', () => {
  it('counts in whole, round steps from zero to at least the largest value', () => {
    expect(valueTicks(80)).toEqual([0, 20, 40, 60, 80]);
    expect(valueTicks(12)).toEqual([0, 5, 10, 15]);
    for (const max of [1, 3, 7, 12, 80, 99, 100, 101, 2_613, 987_654]) {
      const ticks = valueTicks(max);
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
      const step = ticks[1]! - ticks[0]!;
      expect(Number.isInteger(step)).toBe(true);
      expect(String(step)).toMatch(/^[125]0*$/);
      expect(ticks.every((tick, index) => tick === index * step)).toBe(true);
      // About four steps, fewer only for a value of 1 or 2: never a crowd of ticks.
      expect(ticks.length).toBeGreaterThanOrEqual(max > 2 ? 3 : 2);
      expect(ticks.length).toBeLessThanOrEqual(7);
    }
  });

  it('gives a chart of zeros (or nothing) an axis from 0 to 1', () => {
    expect(valueTicks(0)).toEqual([0, 1]);
    expect(valueTicks(Number.NaN)).toEqual([0, 1]);
  });
});

describe('the time labels', () => {
  it('prints only labels that keep apart, always the newest', () => {
    // 28 buckets over 400 px: 14.8 px apart, a label with its gap needs 80 px, so every 6th.
    const shown = labelIndexes(28, 400, 56, 24);
    expect(shown.at(-1)).toBe(27);
    const gaps = shown.slice(1).map((index, position) => index - shown[position]!);
    expect(new Set(gaps)).toEqual(new Set([6]));
    expect(shown[0]).toBeLessThan(6);
  });

  it('prints every label when there is room, and the single one of one bucket', () => {
    expect(labelIndexes(4, 900, 40, 24)).toEqual([0, 1, 2, 3]);
    expect(labelIndexes(1, 300, 40, 24)).toEqual([0]);
    expect(labelIndexes(0, 300, 40, 24)).toEqual([]);
  });
});

describe('the runs of a series', () => {
  it('breaks at every bucket without a value, so no line crosses a gap', () => {
    expect(runs([1, 2, null, null, 3, null, 4, 5])).toEqual([
      { start: 0, end: 1 },
      { start: 4, end: 4 },
      { start: 6, end: 7 },
    ]);
    expect(runs([null, null])).toEqual([]);
    expect(runs([0, 0, 0])).toEqual([{ start: 0, end: 2 }]);
  });
});

describe('the line through the points', () => {
  it('is straight: a move, then a line to each point, nothing through none', () => {
    expect(
      linePath([
        { x: 0, y: 10 },
        { x: 5.555, y: 20 },
        { x: 10, y: 0 },
      ]),
    ).toBe('M0,10L5.56,20L10,0');
    expect(linePath([{ x: 1, y: 2 }])).toBe('M1,2');
    expect(linePath([])).toBe('');
  });
});
