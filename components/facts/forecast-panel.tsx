'use client';
// What a pin (or a lower budget) would do to the people it applies to: how many would then carry
// more always-on facts than fit into one turn, who they are, and which facts would be left out.
import type { BudgetForecast } from '@/components/trpc/outputs';
import { cn } from '@/components/ui/cn';
import { perTurnLimit, scopeName, WORDS } from '@/components/glossary';
import { useScopeNames } from './use-scope-names';

function people(count: number): string {
  return count === 1 ? '1 person' : `${count.toLocaleString('en')} people`;
}

export function ForecastPanel({ forecast, change }: { forecast: BudgetForecast; change: string }) {
  const names = useScopeNames();
  const named = (scopes: string[]) => scopes.map((scope) => scopeName(scope, names)).join(', ');
  const over = forecast.peopleOver > 0;
  return (
    <div
      role="status"
      className={cn(
        'rounded-md border p-3 text-sm',
        over
          ? 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100'
          : 'border-emerald-200 bg-emerald-50 text-emerald-950 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100',
      )}
    >
      <p className="font-medium">
        {over
          ? `${change}: ${people(forecast.peopleOver)} of ${people(forecast.people)} would have more always-on facts than their assistant can carry.`
          : `${change}: every always-on fact still fits for all ${people(forecast.people)}.`}
      </p>
      <p className="mt-1">
        Today: {forecast.peopleOverNow === 0 ? 'nobody is over the budget' : `${people(forecast.peopleOverNow)} over the budget`}.
      </p>
      {forecast.groups.length ? (
        <ul className="mt-2 space-y-2">
          {forecast.groups.map((group) => (
            <li key={`${group.tenantRef} ${group.scopes.join(' ')}`} className="rounded border border-current/20 p-2">
              <p>
                {people(group.people)} in {named(group.scopes)}: {group.pinnedKeys} {WORDS.alwaysOnFacts}, {perTurnLimit(group.maxMemories)}
                , so {group.pinnedOmitted} left out.
              </p>
              {group.names.length ? (
                <p className="mt-1">
                  Including {group.names.join(', ')}
                  {group.people > group.names.length ? ` and ${people(group.people - group.names.length)} more` : ''}.
                </p>
              ) : null}
              <p className="mt-1">Left out: {group.dropped.map((pin) => `${pin.key} (${scopeName(pin.scope, names)})`).join(', ')}.</p>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
