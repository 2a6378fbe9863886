'use client';
// The six Operations charts for one overview: turns, offered vs omitted, dropped pinned policies,
// recalled, prompt size p50/p95 and agent writes by scope kind.
import { scopeKindName } from '@/components/glossary';
import type { OpsOverview } from '@/components/trpc/outputs';
import { ChartCard } from './chart-card';

const COLORS = ['#6366f1', '#f59e0b', '#10b981', '#ef4444', '#0ea5e9', '#a855f7', '#64748b'];

function bucketLabel(iso: string, bucketMs: number): string {
  const date = new Date(iso);
  const options: Intl.DateTimeFormatOptions =
    bucketMs >= 86_400_000
      ? { month: 'short', day: 'numeric' }
      : bucketMs >= 3_600_000
        ? { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }
        : { hour: '2-digit', minute: '2-digit' };
  return date.toLocaleString('en-GB', { ...options, timeZone: 'UTC' });
}

export function OpsCharts({ overview }: { overview: OpsOverview }) {
  const rows = overview.buckets.map((bucket) => ({
    start: bucket.start,
    label: bucketLabel(bucket.start, overview.bucketMs),
    turns: bucket.turns,
    offered: bucket.offered,
    omitted: bucket.omitted,
    pinnedOmitted: bucket.pinnedOmitted,
    recalled: bucket.recalled,
    p50: bucket.promptCharsP50,
    p95: bucket.promptCharsP95,
    ...Object.fromEntries(overview.scopeKinds.map((kind) => [`writes:${kind}`, bucket.writes[kind] ?? 0])),
  }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard
        title="Turns"
        description="Answers the assistant gave."
        rows={rows}
        series={[{ key: 'turns', label: 'Turns', color: COLORS[0]! }]}
      />
      <ChartCard
        title="Offered and left out"
        description="Memories offered to a turn, and those left out because the budget was full."
        rows={rows}
        series={[
          { key: 'offered', label: 'Offered', color: COLORS[0]! },
          { key: 'omitted', label: 'Left out', color: COLORS[1]! },
        ]}
      />
      <ChartCard
        title="Always-on facts left out"
        description="Pinned facts that did not fit into a turn. Anything above zero means a standing policy reached no prompt."
        rows={rows}
        series={[{ key: 'pinnedOmitted', label: 'Pinned left out', color: COLORS[3]! }]}
      />
      <ChartCard
        title="Recalled"
        description="Memories the assistant looked up during a turn."
        rows={rows}
        series={[{ key: 'recalled', label: 'Recalled', color: COLORS[2]! }]}
      />
      <ChartCard
        title="Prompt size (characters)"
        description="What memory costs the prompt: the median turn and the largest 5 %."
        rows={rows}
        series={[
          { key: 'p50', label: 'Median (p50)', color: COLORS[4]! },
          { key: 'p95', label: 'p95', color: COLORS[5]! },
        ]}
      />
      <ChartCard
        title="Agent writes by scope"
        description="Memories the assistant saved, by where they were saved."
        kind="area"
        rows={rows}
        series={overview.scopeKinds.map((kind, index) => ({
          key: `writes:${kind}`,
          label: scopeKindName(kind),
          color: COLORS[index % COLORS.length]!,
        }))}
      />
    </div>
  );
}
