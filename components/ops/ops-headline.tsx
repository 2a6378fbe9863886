'use client';
// The Operations page's headline numbers for the chosen range, above everything else: turns, the
// share of turns that left out always-on facts, the p95 prompt size and the open alerts.
import type { OpsOverview } from '@/components/trpc/outputs';
import { cn } from '@/components/ui/cn';

const number = new Intl.NumberFormat('en-GB');

function Tile({ label, value, detail, warn = false }: { label: string; value: string; detail: string; warn?: boolean }) {
  return (
    <div
      className={cn(
        'rounded-lg border p-4',
        warn
          ? 'border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950/40'
          : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
      <dd className="mt-1 text-xs text-slate-600 dark:text-slate-400">{detail}</dd>
    </div>
  );
}

export function OpsHeadline({ summary }: { summary: OpsOverview['summary'] }) {
  const percent = summary.pinnedOmittedPercent;
  return (
    <section aria-labelledby="headline-heading">
      <h2 id="headline-heading" className="sr-only">
        In this time range
      </h2>
      <dl data-testid="ops-headline" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile label="Turns" value={number.format(summary.turns)} detail="Answers the assistant gave" />
        <Tile
          label="Turns dropping always-on facts"
          value={percent === null ? '–' : `${percent} %`}
          detail={`${number.format(summary.turnsPinnedOmitted)} of ${number.format(summary.turns)} turns`}
          warn={summary.turnsPinnedOmitted > 0}
        />
        <Tile
          label="Prompt size, p95"
          value={summary.promptCharsP95 === null ? '–' : number.format(summary.promptCharsP95)}
          detail="characters; 5 % of turns were larger"
        />
        <Tile
          label="Open alerts"
          value={number.format(summary.openAlerts)}
          detail={summary.openAlerts === 0 ? 'Nothing needs attention' : 'Listed below'}
          warn={summary.openAlerts > 0}
        />
      </dl>
    </section>
  );
}
