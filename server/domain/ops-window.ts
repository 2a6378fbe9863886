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
    return { ok: false, field: 'from', message: 'Give a start (from) as well as an end.' };
  const fromMs = input.fromMs ?? toMs - OPS_RANGE_MS[input.range ?? '24h'];
  if (fromMs >= toMs) return { ok: false, field: 'from', message: 'The start (from) must be before the end (to).' };
  if (toMs - fromMs > OPS_MAX_SPAN_MS)
    return { ok: false, field: 'from', message: 'The range may span at most 400 days: diagnostics are kept that long.' };
  const bucketMs = bucketSizeFor(toMs - fromMs);
  return { ok: true, window: { fromMs: Math.floor(fromMs / bucketMs) * bucketMs, toMs, bucketMs } };
}

/** The start of every bucket of the window, oldest first. */
export function bucketStarts(window: OpsWindow): number[] {
  const starts: number[] = [];
  for (let start = window.fromMs; start < window.toMs; start += window.bucketMs) starts.push(start);
  return starts;
}

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The example every from/to message gives: what the range picker writes into the address. */
export const OPS_INSTANT_EXAMPLE = '2026-12-04T09:00Z';

/**
 * An instant of the Operations page's `from`/`to` (an ISO date-time with its zone, minutes at
 * least: 2026-12-04T09:00Z, …:00+01:00); null for anything else, including days that do not exist.
 */
export function parseOpsInstant(text: string): number | null {
  const match = INSTANT.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '0'] = match.map((part) => part ?? '');
  const [y, mo, d, h, mi, se] = [year, month, day, hour, minute, second].map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || h > 23 || mi > 59 || se > 59) return null;
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

/** The plain sentence for a from/to that is not a date and time. */
export function opsInstantProblem(field: 'from' | 'to'): string {
  return `${field === 'from' ? 'The start (from)' : 'The end (to)'} is not a date and time. Pick the range again, or write it like ${OPS_INSTANT_EXAMPLE} (UTC).`;
}

/**
 * The first problem of a from/to pair as the page reads it from its address, in plain words; null
 * when the window can be charted. The same rules as opsWindow, checked before asking the server.
 */
export function opsRangeProblem(input: { from: string; to: string; nowMs: number }): { field: 'from' | 'to'; message: string } | null {
  const fromMs = input.from ? parseOpsInstant(input.from) : undefined;
  if (fromMs === null) return { field: 'from', message: opsInstantProblem('from') };
  const toMs = input.to ? parseOpsInstant(input.to) : undefined;
  if (toMs === null) return { field: 'to', message: opsInstantProblem('to') };
  if (fromMs === undefined) return toMs === undefined ? null : { field: 'from', message: 'Give a start (from) as well as an end.' };
  const verdict = opsWindow({ fromMs, toMs, nowMs: input.nowMs });
  return verdict.ok ? null : { field: verdict.field, message: verdict.message };
}
