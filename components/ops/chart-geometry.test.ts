import { describe, expect, it } from 'vitest';
import { bandPath, labelIndexes, linePath, stack, valueTicks, type Point } from './chart-geometry';

/** The numbers of an SVG path, in order. */
const numbersOf = (path: string) => (path.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
/** The y's of a path's cubic pieces: start, both control points and end of each. */
function curveYs(path: string): number[][] {
  const [startX, startY] = numbersOf(path.slice(0, path.indexOf('C')));
  expect(startX).toBeDefined();
  let previous = startY!;
  return path
    .split('C')
    .slice(1)
    .map((piece) => {
      const [, y1, , y2, , y3] = numbersOf(piece);
      const ys = [previous, y1!, y2!, y3!];
      previous = y3!;
      return ys;
    });
}

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

describe('stacked areas', () => {
  it('puts each series on the running total of those before it; a missing value adds nothing', () => {
    const rows = [
      { a: 1, b: 2, c: 3 },
      { a: 4, b: null, c: 1 },
      { a: 0, b: 5, c: 'x' },
    ];
    expect(stack(rows, ['a', 'b', 'c'])).toEqual([
      { base: [0, 0, 0], top: [1, 4, 0] },
      { base: [1, 4, 0], top: [3, 4, 5] },
      { base: [3, 4, 5], top: [6, 5, 5] },
    ]);
  });
});

describe('the line through the points', () => {
  const points: Point[] = [0, 10, 10, 10, 0, 4, 2].map((y, index) => ({ x: index * 10, y }));

  it('starts at the first point and passes through every point', () => {
    const path = linePath(points);
    expect(path.startsWith('M0,0C')).toBe(true);
    const ends = path
      .split('C')
      .slice(1)
      .map((piece) => numbersOf(piece).slice(4));
    expect(ends).toEqual(points.slice(1).map(({ x, y }) => [x, y]));
  });

  it('never overshoots: between two points the curve stays between their values', () => {
    for (const [from, control1, control2, to] of curveYs(linePath(points))) {
      const [low, high] = [Math.min(from!, to!), Math.max(from!, to!)];
      expect(control1).toBeGreaterThanOrEqual(low);
      expect(control1).toBeLessThanOrEqual(high);
      expect(control2).toBeGreaterThanOrEqual(low);
      expect(control2).toBeLessThanOrEqual(high);
    }
  });

  it('draws a straight line through two points, and nothing through none', () => {
    expect(
      linePath([
        { x: 0, y: 0 },
        { x: 30, y: 30 },
      ]),
    ).toBe('M0,0C10,10 20,20 30,30');
    expect(linePath([])).toBe('');
  });

  it('closes a band along its top and back along its base', () => {
    const top = [
      { x: 0, y: 1 },
      { x: 10, y: 2 },
      { x: 20, y: 3 },
    ];
    const base = [
      { x: 0, y: 5 },
      { x: 10, y: 5 },
      { x: 20, y: 5 },
    ];
    const path = bandPath(top, base);
    expect(path.startsWith(linePath(top))).toBe(true);
    expect(path).toContain('L20,5');
    expect(path.endsWith('0,5Z')).toBe(true);
  });
});
