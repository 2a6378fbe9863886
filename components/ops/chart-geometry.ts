// The arithmetic of the Operations charts (ops-chart.tsx draws them): the value axis's ticks, which
// time labels fit, the runs of a series between gaps, and the straight line through the points.
// Pure, so it is unit-tested.

export interface Point {
  x: number;
  y: number;
}

/**
 * Whole-number ticks from 0 up to at least `max`, about `count` steps of 1, 2 or 5 × 10ⁿ — the
 * value axis of a chart of counts. A chart of zeros still gets an axis (0 and 1).
 */
export function valueTicks(max: number, count = 4): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? 10 * power);
  const ticks = [];
  for (let tick = 0; tick < max + step; tick += step) ticks.push(tick);
  return ticks;
}

/**
 * Which of `count` evenly spaced labels to print along `width` pixels so that none overlaps the
 * next: every k-th, counted back from the last (the newest bucket always has its label).
 */
export function labelIndexes(count: number, width: number, labelWidth: number, minGap: number): number[] {
  if (count <= 0) return [];
  if (count === 1) return [0];
  const spacing = width / (count - 1);
  const every = Math.max(1, Math.ceil((labelWidth + minGap) / spacing));
  const indexes = [];
  for (let index = count - 1; index >= 0; index -= every) indexes.unshift(index);
  return indexes;
}

/**
 * The unbroken runs of a series: index ranges [start, end] of consecutive buckets that have a
 * value. A bucket without one (null: no data arrived) breaks the line, so a chart never draws
 * across a hole in the data.
 */
export function runs(values: readonly (number | null)[]): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  values.forEach((value, index) => {
    if (value === null) return;
    const last = found.at(-1);
    if (last && last.end === index - 1) last.end = index;
    else found.push({ start: index, end: index });
  });
  return found;
}

const at = ({ x, y }: Point) => `${round(x)},${round(y)}`;
const round = (value: number) => Math.round(value * 100) / 100;

/** SVG path data for straight segments through `points` (ordered by x), starting with a move; no smoothing. */
export function linePath(points: Point[]): string {
  if (points.length === 0) return '';
  return (
    `M${at(points[0]!)}` +
    points
      .slice(1)
      .map((point) => `L${at(point)}`)
      .join('')
  );
}
