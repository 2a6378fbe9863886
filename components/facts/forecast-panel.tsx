'use client';
// What a pin (or a lower per-turn limit) would do to the people it applies to: how many would then
// carry more always-on facts than fit into one turn, who they are, and which facts would be left out;
// for a lower limit also how many of their other memories would no longer fit in a turn, and whose.
import type { BudgetForecast } from '@/components/trpc/outputs';
import { cn } from '@/components/ui/cn';
import { perTurnLimit, scopeName, WORDS } from '@/components/glossary';
import { useScopeNames } from './use-scope-names';

function people(count: number): string {
  return count === 1 ? '1 person' : `${count.toLocaleString('en')} people`;
}

function memories(count: number): string {
  return count === 1 ? '1 memory' : `${count.toLocaleString('en')} memories`;
}

type OrdinaryForecast = NonNullable<Extract<BudgetForecast, { ordinary: unknown }>['ordinary']>;

/** A lower limit's cost to ordinary memories: how many people lose some from each turn, and who loses most. */
export function OrdinaryLossList({ ordinary }: { ordinary: OrdinaryForecast }) {
  if (ordinary.peopleLosing === 0) return <p className="mt-2">Every other memory people carry today still fits in their turn.</p>;
  const more = ordinary.peopleLosing - ordinary.top.length;
  return (
    <div className="mt-2">
      <p className="font-medium">
        {ordinary.partial ? 'At least ' : ''}
        {people(ordinary.peopleLosing)} would lose {memories(ordinary.memoriesLost)} from each turn that are not always on.
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {ordinary.top.map((person) => (
          <li key={person.name}>
            {person.name}: {memories(person.lost)} would no longer fit in a turn ({person.carriedAfter} of {person.carriedBefore} still
            would)
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="mt-1">and {people(more)} more.</p> : null}
    </div>
  );
}

export function ForecastPanel({ forecast, change }: { forecast: BudgetForecast; change: string }) {
  const names = useScopeNames();
  const named = (scopes: string[]) => scopes.map((scope) => scopeName(scope, names)).join(', ');
  const ordinary = 'ordinary' in forecast ? forecast.ordinary : null;
  // Not a reassuring box when people would lose memories from their turns, always-on or not.
  const over = forecast.peopleOver > 0 || (ordinary?.peopleLosing ?? 0) > 0;
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
        {forecast.peopleOver > 0
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
      {ordinary ? <OrdinaryLossList ordinary={ordinary} /> : null}
    </div>
  );
}
