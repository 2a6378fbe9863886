'use client';
// "Due for review" on the Facts page (docs/features.md "Many at once"): the facts this administrator
// may change whose review date has passed. Tick some or all, then confirm them as still true,
// expire or delete them in one batch, each at the version shown; Edit is the table's own action.
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/trpc/client';
import { scopeName } from '@/components/glossary';
import { useScopeNames } from '@/components/facts/use-scope-names';
import { LoadFailedAlert } from '@/components/memories/query-error-panel';
import { countOf, SelectAllBox, useSelection } from './bulk-selection';
import { FactBulkControls } from './fact-bulk-dialog';

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function DueForReview({ onDone }: { onDone: (text: string) => void }) {
  const trpc = useTRPC();
  const names = useScopeNames();
  const due = useQuery(trpc.review.dueFacts.queryOptions());
  const facts = due.data?.facts ?? [];
  const selection = useSelection(facts.map((fact) => fact.id));

  if (due.isPending) return null;
  if (due.isError) return <LoadFailedAlert what="The facts due for review" error={due.error} onRetry={() => void due.refetch()} />;
  if (facts.length === 0) return null;
  return (
    <section
      aria-labelledby="due-heading"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-50"
    >
      <h2 id="due-heading" className="text-base font-semibold">
        Due for review: {countOf(facts.length, 'fact')}
      </h2>
      <p className="mt-1 text-sm">Are these still true? Confirm them, or change, expire or delete them.</p>
      <div className="mt-2">
        <SelectAllBox shown={facts.length} selected={selection.ids.length} onChange={selection.setAll} noun="fact" />
      </div>
      <ul aria-label="Facts due for review" className="mt-2 space-y-2">
        {facts.map((fact) => (
          <li key={fact.id} className="flex items-start gap-3 rounded-md bg-white/70 p-2 dark:bg-slate-900/60">
            <input
              type="checkbox"
              aria-label={`Select ${fact.key} for review`}
              className="mt-1 size-4 shrink-0 accent-indigo-600"
              checked={selection.has(fact.id)}
              onChange={(event) => selection.toggle(fact.id, event.target.checked)}
            />
            <div className="min-w-0 text-sm">
              <p className="break-words">{fact.text}</p>
              <p className="mt-0.5 text-xs text-amber-900 dark:text-amber-200">
                <span className="font-mono">{fact.key}</span> · for {scopeName(fact.scope, names)} · due since{' '}
                {DATE.format(new Date(fact.dueAt))}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <FactBulkControls facts={facts} selection={selection} actions={['confirm', 'expire', 'delete']} onDone={onDone} />
    </section>
  );
}
