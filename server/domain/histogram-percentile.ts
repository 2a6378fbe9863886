// Percentiles of the prompt size from the rollups' fixed histogram (docs/runtime-api.md "Runtime
// diagnostics"): the rank's bucket, interpolated linearly inside it, never above the largest prompt
// seen.
import { PROMPT_CHARS_BUCKETS } from './runtime-rollup';

/** Element-wise sum of histograms (missing entries count as 0). */
export function addHistograms(a: readonly number[], b: readonly number[]): number[] {
  const length = Math.max(a.length, b.length);
  return Array.from({ length }, (_, index) => (a[index] ?? 0) + (b[index] ?? 0));
}

/**
 * The q-quantile (0 < q ≤ 1) of values counted in `counts` (one per bound of `bounds`, then one
 * for larger values); `max` is the largest value seen, used as the last bucket's upper edge and as
 * a cap. null when nothing was counted.
 */
export function histogramPercentile(
  counts: readonly number[],
  q: number,
  max: number,
  bounds: readonly number[] = PROMPT_CHARS_BUCKETS,
): number | null {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = q * total;
  let below = 0;
  for (let index = 0; index < counts.length; index += 1) {
    const count = counts[index]!;
    if (count > 0 && below + count >= rank) {
      const lower = index === 0 ? 0 : bounds[index - 1]!;
      const upper = Math.max(lower, index < bounds.length ? bounds[index]! : max);
      const value = lower + ((upper - lower) * (rank - below)) / count;
      return Math.round(Math.min(value, max));
    }
    below += count;
  }
  return max;
}
