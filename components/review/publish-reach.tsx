'use client';
// Inside the publish dialog: how many people in how many organisations the fact reaches at the
// chosen place, and, when it is always on, whether every always-on fact still fits their turn.
import { ForecastPanel } from '@/components/facts/forecast-panel';
import type { BudgetForecast } from '@/components/trpc/outputs';

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n.toLocaleString('en')} ${many}`);

/** "12 people in 2 organisations". */
export function reachWords(reach: { people: number; organisations: number }): string {
  return `${count(reach.people, 'person', 'people')} in ${count(reach.organisations, 'organisation', 'organisations')}`;
}

export function PublishReach({
  reach,
  failed,
  pinned,
}: {
  reach: (BudgetForecast & { organisations: number }) | undefined;
  failed: boolean;
  pinned: boolean;
}) {
  return (
    <section aria-label="Who it reaches" className="space-y-2 text-sm">
      <p role="status">
        {reach
          ? `Reaches ${reachWords(reach)}.`
          : failed
            ? 'Who this reaches could not be counted; publishing still works.'
            : 'Counting who this reaches…'}
      </p>
      {reach && pinned ? <ForecastPanel forecast={reach} change="Always on" /> : null}
    </section>
  );
}
