// The Operations charts' numbers (docs/features.md "Operations"): per-minute rollups summed into
// the window's buckets, prompt-size percentiles from the summed histograms, writes per scope kind.
import { addHistograms, histogramPercentile } from './histogram-percentile';
import { bucketStarts, type OpsWindow } from './ops-window';

export interface TurnMinute {
  minuteMs: number;
  turns: number;
  offered: number;
  omitted: number;
  pinnedOmitted: number;
  /** Turns that left out at least one always-on fact (absent on older callers: counted as 0). */
  turnsPinnedOmitted?: number;
  recalled: number;
  /** Turns that recalled anything (absent on older callers: counted as 0). */
  turnsRecalled?: number;
  promptCharsMax: number;
  promptCharsBuckets: readonly number[];
}

export interface WriteMinute {
  minuteMs: number;
  scopeKind: string;
  writes: number;
}

export interface OverviewBucket {
  startMs: number;
  /** Whether any rollup row (a turn or a write) fell into this bucket. */
  arrived: boolean;
  turns: number;
  turnsPinnedOmitted: number;
  offered: number;
  omitted: number;
  pinnedOmitted: number;
  recalled: number;
  turnsRecalled: number;
  promptCharsP50: number | null;
  promptCharsP95: number | null;
  /** Agent writes per scope kind (every kind of the window, 0 where none). */
  writes: Record<string, number>;
}

interface Acc {
  arrived: boolean;
  turns: number;
  turnsPinnedOmitted: number;
  offered: number;
  omitted: number;
  pinnedOmitted: number;
  recalled: number;
  turnsRecalled: number;
  max: number;
  histogram: number[];
  writes: Record<string, number>;
}

export function overviewBuckets(
  window: OpsWindow,
  turns: readonly TurnMinute[],
  writes: readonly WriteMinute[],
): {
  buckets: OverviewBucket[];
  scopeKinds: string[];
} {
  const scopeKinds = [...new Set(writes.map((row) => row.scopeKind))].sort();
  const accs = new Map<number, Acc>(
    bucketStarts(window).map((start) => [
      start,
      {
        arrived: false,
        turns: 0,
        turnsPinnedOmitted: 0,
        offered: 0,
        omitted: 0,
        pinnedOmitted: 0,
        recalled: 0,
        turnsRecalled: 0,
        max: 0,
        histogram: [],
        writes: Object.fromEntries(scopeKinds.map((kind) => [kind, 0])),
      },
    ]),
  );
  const accOf = (minuteMs: number) => accs.get(window.fromMs + Math.floor((minuteMs - window.fromMs) / window.bucketMs) * window.bucketMs);
  for (const row of turns) {
    const acc = accOf(row.minuteMs);
    if (!acc) continue;
    acc.arrived = true;
    acc.turns += row.turns;
    acc.turnsPinnedOmitted += row.turnsPinnedOmitted ?? 0;
    acc.offered += row.offered;
    acc.omitted += row.omitted;
    acc.pinnedOmitted += row.pinnedOmitted;
    acc.recalled += row.recalled;
    acc.turnsRecalled += row.turnsRecalled ?? 0;
    acc.max = Math.max(acc.max, row.promptCharsMax);
    acc.histogram = addHistograms(acc.histogram, row.promptCharsBuckets);
  }
  for (const row of writes) {
    const acc = accOf(row.minuteMs);
    if (!acc) continue;
    acc.arrived = true;
    acc.writes[row.scopeKind] = (acc.writes[row.scopeKind] ?? 0) + row.writes;
  }
  const buckets = [...accs.entries()].map(([startMs, acc]) => ({
    startMs,
    arrived: acc.arrived,
    turns: acc.turns,
    turnsPinnedOmitted: acc.turnsPinnedOmitted,
    offered: acc.offered,
    omitted: acc.omitted,
    pinnedOmitted: acc.pinnedOmitted,
    recalled: acc.recalled,
    turnsRecalled: acc.turnsRecalled,
    promptCharsP50: histogramPercentile(acc.histogram, 0.5, acc.max),
    promptCharsP95: histogramPercentile(acc.histogram, 0.95, acc.max),
    writes: acc.writes,
  }));
  return { buckets, scopeKinds };
}

/** The headline numbers of a window: its turns, the share that left out always-on facts, and p95 prompt size. */
export interface OverviewSummary {
  turns: number;
  turnsPinnedOmitted: number;
  /** turnsPinnedOmitted / turns as a percentage (one decimal); null without turns. */
  pinnedOmittedPercent: number | null;
  /** p95 prompt size in characters over every turn of the window; null without turns. */
  promptCharsP95: number | null;
}

export function overviewSummary(turns: readonly TurnMinute[]): OverviewSummary {
  let total = 0;
  let dropping = 0;
  let max = 0;
  let histogram: number[] = [];
  for (const row of turns) {
    total += row.turns;
    dropping += row.turnsPinnedOmitted ?? 0;
    max = Math.max(max, row.promptCharsMax);
    histogram = addHistograms(histogram, row.promptCharsBuckets);
  }
  return {
    turns: total,
    turnsPinnedOmitted: dropping,
    pinnedOmittedPercent: total === 0 ? null : Math.round((dropping / total) * 1000) / 10,
    promptCharsP95: total === 0 ? null : histogramPercentile(histogram, 0.95, max),
  };
}
