// The Operations page's time window (docs/features.md "Operations"): a named range or an explicit
// from/to, and the chart bucket size that keeps a chart at a readable number of points.
import { MINUTE_MS } from './runtime-rollup';

export const OPS_RANGES = ['1h', '24h', '7d', '30d'] as const;
export type OpsRange = (typeof OPS_RANGES)[number];

const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const OPS_RANGE_MS: Record<OpsRange, number> = { '1h': HOUR_MS, '24h': DAY_MS, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS };

/**
 * Rollups are kept 400 days (docs/runtime-api.md "Runtime diagnostics"); a longer window shows
 * nothing more.
 */
export const OPS_MAX_SPAN_MS = 400 * DAY_MS;

/** Bucket sizes, smallest first; the first that keeps the window at or under MAX_POINTS is used. */
export const OPS_BUCKETS_MS: readonly number[] = [MINUTE_MS, 5 * MINUTE_MS, 15 * MINUTE_MS, HOUR_MS, 6 * HOUR_MS, DAY_MS, 7 * DAY_MS];
const MAX_POINTS = 72;

export interface OpsWindow {
  fromMs: number;
  toMs: number;
  bucketMs: number;
}

export type OpsWindowVerdict = { ok: true; window: OpsWindow } | { ok: false; field: 'from' | 'to'; message: string };

export function bucketSizeFor(spanMs: number): number {
  return OPS_BUCKETS_MS.find((size) => spanMs / size <= MAX_POINTS) ?? OPS_BUCKETS_MS[OPS_BUCKETS_MS.length - 1]!;
}

/**
 * The window to chart: `from`/`to` when given (both or `from` alone, up to now), else `range`
 * (default 24h) ending now. Bucket edges are aligned to the bucket size (UTC).
 */
export function opsWindow(input: { range?: OpsRange; fromMs?: number; toMs?: number; nowMs: number }): OpsWindowVerdict {
  const toMs = input.toMs ?? input.nowMs;
  if (input.toMs !== undefined && input.fromMs === undefined)
    return { ok: false, field: 'from', message: 'from is required when to is given' };
  const fromMs = input.fromMs ?? toMs - OPS_RANGE_MS[input.range ?? '24h'];
  if (fromMs >= toMs) return { ok: false, field: 'from', message: 'from must be before to' };
  if (toMs - fromMs > OPS_MAX_SPAN_MS) return { ok: false, field: 'from', message: 'the window may span at most 400 days' };
  const bucketMs = bucketSizeFor(toMs - fromMs);
  return { ok: true, window: { fromMs: Math.floor(fromMs / bucketMs) * bucketMs, toMs, bucketMs } };
}

/** The start of every bucket of the window, oldest first. */
export function bucketStarts(window: OpsWindow): number[] {
  const starts: number[] = [];
  for (let start = window.fromMs; start < window.toMs; start += window.bucketMs) starts.push(start);
  return starts;
}
