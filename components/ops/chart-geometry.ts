// The arithmetic of the Operations charts (ops-chart.tsx draws them): the value axis's ticks, which
// time labels fit, stacking, and the smooth line through the points. Pure, so it is unit-tested.

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
 * Running totals per row for stacked areas: for each series in order, the baseline it sits on and
 * its top. A missing value adds nothing.
 */
export function stack(rows: Record<string, number | string | null>[], keys: string[]): { base: number[]; top: number[] }[] {
  const running = rows.map(() => 0);
  return keys.map((key) => {
    const base = [...running];
    rows.forEach((row, index) => {
      const value = row[key];
      running[index]! += typeof value === 'number' && Number.isFinite(value) ? value : 0;
    });
    return { base, top: [...running] };
  });
}

interface Segment {
  from: Point;
  control1: Point;
  control2: Point;
  to: Point;
}

const sign = (value: number) => (value < 0 ? -1 : 1);

/**
 * The cubic pieces of a monotone curve through points in increasing x (Steffen's method, as d3's
 * curveMonotoneX): it never overshoots, so a line of counts never dips below zero between buckets.
 */
function monotoneSegments(points: Point[]): Segment[] {
  const n = points.length;
  if (n < 2) return [];
  const widths = points.slice(1).map((point, index) => point.x - points[index]!.x);
  const slopes = points.slice(1).map((point, index) => (widths[index] === 0 ? 0 : (point.y - points[index]!.y) / widths[index]!));
  const tangents = points.map((_, index) => {
    if (index === 0 || index === n - 1) return Number.NaN;
    const [h0, h1, s0, s1] = [widths[index - 1]!, widths[index]!, slopes[index - 1]!, slopes[index]!];
    const p = h0 + h1 === 0 ? 0 : (s0 * h1 + s1 * h0) / (h0 + h1);
    return (sign(s0) + sign(s1)) * Math.min(Math.abs(s0), Math.abs(s1), 0.5 * Math.abs(p)) || 0;
  });
  // The ends: a parabola through the end point and its neighbour's tangent.
  const endTangent = (slope: number, inner: number) => (Number.isNaN(inner) ? slope : (3 * slope - inner) / 2);
  tangents[0] = endTangent(slopes[0]!, tangents[1]!);
  tangents[n - 1] = endTangent(slopes[n - 2]!, tangents[n - 2]!);
  return widths.map((width, index) => {
    const from = points[index]!;
    const to = points[index + 1]!;
    const third = width / 3;
    return {
      from,
      control1: { x: from.x + third, y: from.y + tangents[index]! * third },
      control2: { x: to.x - third, y: to.y - tangents[index + 1]! * third },
      to,
    };
  });
}

const at = ({ x, y }: Point) => `${round(x)},${round(y)}`;
const round = (value: number) => Math.round(value * 100) / 100;

/** SVG path data for a smooth line through `points` (ordered by x), starting with a move. */
export function linePath(points: Point[]): string {
  if (points.length === 0) return '';
  return (
    `M${at(points[0]!)}` +
    monotoneSegments(points)
      .map((segment) => `C${at(segment.control1)} ${at(segment.control2)} ${at(segment.to)}`)
      .join('')
  );
}

/** SVG path data for the band between `base` and `top` (same x's, in order): along the top, back along the base. */
export function bandPath(top: Point[], base: Point[]): string {
  if (top.length === 0) return '';
  const back = monotoneSegments(base)
    .reverse()
    .map((segment) => `C${at(segment.control2)} ${at(segment.control1)} ${at(segment.from)}`)
    .join('');
  return `${linePath(top)}L${at(base[base.length - 1]!)}${back}Z`;
}
