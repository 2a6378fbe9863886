'use client';
// The six Operations charts for one overview: turns, offered vs omitted, dropped pinned policies,
// recalled, prompt size p50/p95 and agent writes by scope kind. One crosshair for all of them: the
// bucket under the pointer (or picked with the arrow keys) is marked on every chart.
import { useMemo, useState } from 'react';
import { scopeKindName } from '@/components/glossary';
import type { OpsOverview } from '@/components/trpc/outputs';
import { bucketLabel, bucketSpan } from './bucket-labels';
import { ChartCard } from './chart-card';
import type { ChartRow } from './ops-chart';

const COLORS = ['#6366f1', '#f59e0b', '#10b981', '#ef4444', '#0ea5e9', '#a855f7', '#64748b'];

export function OpsCharts({ overview }: { overview: OpsOverview }) {
  const [hovered, setHovered] = useState<number | null>(null);
  // Made again only for new figures, not at each move of the crosshair.
  const rows = useMemo(() => chartRows(overview), [overview]);
  const shared = { rows, hovered, onHover: setHovered };
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Times in UTC, one point per {bucketWords(overview.bucketMs)}. Grey bands: no data arrived, so no line is drawn. Amber band and
        dashed line: the current {bucketWords(overview.bucketMs)}, still filling.
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard
          title="Turns"
          description="Answers the assistant gave."
          unit="turns"
          series={[{ key: 'turns', label: 'Turns', color: COLORS[0]! }]}
          {...shared}
        />
        <ChartCard
          title="Offered and left out"
          description="Memories offered to a turn, and those left out because the budget was full."
          unit="memories"
          series={[
            { key: 'offered', label: 'Offered', color: COLORS[0]! },
            { key: 'omitted', label: 'Left out', color: COLORS[1]! },
          ]}
          {...shared}
        />
        <ChartCard
          title="Always-on facts left out"
          description="Always-on facts that did not fit into a turn. Anything above zero means a standing policy reached no prompt."
          unit="facts"
          series={[{ key: 'pinnedOmitted', label: 'Always-on left out', color: COLORS[3]! }]}
          {...shared}
        />
        <ChartCard
          title="Recalled"
          description="Memories the assistant looked up during a turn."
          unit="memories"
          series={[{ key: 'recalled', label: 'Recalled', color: COLORS[2]! }]}
          {...shared}
        />
        <ChartCard
          title="Turns that recalled"
          description="Turns in which the assistant’s search found at least one memory. A runtime that reports only whether a turn recalled, not how many, is counted here and not under Recalled."
          unit="turns"
          series={[{ key: 'turnsRecalled', label: 'Turns that recalled', color: COLORS[2]! }]}
          {...shared}
        />
        <ChartCard
          title="Prompt size"
          description="What memory costs the prompt: the median turn and the largest 5 %."
          unit="characters"
          series={[
            { key: 'p50', label: 'Median (p50)', color: COLORS[4]! },
            { key: 'p95', label: 'p95', color: COLORS[5]! },
          ]}
          {...shared}
        />
        <ChartCard
          title="Memories the assistant saved"
          description="By where it saved them."
          unit="writes"
          series={overview.scopeKinds.map((kind, index) => ({
            key: `writes:${kind}`,
            label: scopeKindName(kind),
            color: COLORS[index % COLORS.length]!,
          }))}
          {...shared}
        />
      </div>
    </div>
  );
}

function bucketWords(bucketMs: number): string {
  const minutes = bucketMs / 60_000;
  if (minutes < 60) return minutes === 1 ? 'minute' : `${minutes} minutes`;
  if (minutes < 1440) return minutes === 60 ? 'hour' : `${minutes / 60} hours`;
  return minutes === 1440 ? 'day' : `${minutes / 1440} days`;
}

function chartRows(overview: OpsOverview): ChartRow[] {
  return overview.buckets.map((bucket) => {
    const gap = bucket.status === 'gap';
    const count = (value: number) => (gap ? null : value);
    return {
      start: bucket.start,
      label: bucketLabel(bucket.start, overview.bucketMs),
      fullLabel: bucketSpan(bucket.start, overview.bucketMs),
      status: bucket.status,
      complete: bucket.complete,
      values: {
        turns: count(bucket.turns),
        offered: count(bucket.offered),
        omitted: count(bucket.omitted),
        pinnedOmitted: count(bucket.pinnedOmitted),
        recalled: count(bucket.recalled),
        turnsRecalled: count(bucket.turnsRecalled),
        p50: gap ? null : bucket.promptCharsP50,
        p95: gap ? null : bucket.promptCharsP95,
        ...Object.fromEntries(overview.scopeKinds.map((kind) => [`writes:${kind}`, count(bucket.writes[kind] ?? 0)])),
      },
    };
  });
}
