// What the Operations charts may claim about each bucket (docs/features.md "Operations"): whether
// data arrived in it, whether a run of empty buckets is a gap (no line is drawn across it), and
// whether the bucket is still filling (the current one, or one the window cuts short).
import { MINUTE_MS } from './runtime-rollup';

/**
 * A run of buckets without any data at least this long is a gap: the runtime sent nothing, so the
 * chart shows nothing rather than a line (or zeros) across it. Shorter runs are quiet minutes of a
 * runtime that had no turns to report, drawn as zero.
 */
export const OPS_GAP_MIN_MS = 15 * MINUTE_MS;

export type BucketStatus = 'data' | 'quiet' | 'gap';

/**
 * For each bucket (same order as `arrived`, whether any rollup row fell into it): `data` when
 * something arrived, `quiet` when nothing did but the empty run is shorter than OPS_GAP_MIN_MS and
 * data arrived on both sides of it, else `gap`. Empty runs at either end of the window count as
 * gaps: nothing says the runtime was sending then.
 */
export function bucketStatuses(arrived: readonly boolean[], bucketMs: number, gapMinMs = OPS_GAP_MIN_MS): BucketStatus[] {
  const statuses: BucketStatus[] = arrived.map((has) => (has ? 'data' : 'gap'));
  let index = 0;
  while (index < arrived.length) {
    if (arrived[index]) {
      index += 1;
      continue;
    }
    let end = index;
    while (end < arrived.length && !arrived[end]) end += 1;
    const bounded = index > 0 && end < arrived.length;
    if (bounded && (end - index) * bucketMs < gapMinMs) for (let at = index; at < end; at += 1) statuses[at] = 'quiet';
    index = end;
  }
  return statuses;
}

/**
 * Whether the bucket starting at `startMs` covers its whole length: it ended before now and before
 * the window's end. The current bucket (and one the window's `to` cuts short) is incomplete: its
 * numbers will still grow, so the chart marks it.
 */
export function bucketComplete(startMs: number, bucketMs: number, windowToMs: number, nowMs: number): boolean {
  const end = startMs + bucketMs;
  return end <= nowMs && end <= windowToMs;
}
