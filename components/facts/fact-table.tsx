'use client';
// The published facts: a table on wide screens that becomes one card per fact on a phone.
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import type { PublishedFact } from '@/components/trpc/outputs';
import { scopeName, TechnicalToken } from '@/components/glossary';
import { useScopeNames } from './use-scope-names';
import type { FactDetails } from './fact-details-dialog';

export interface FactActions {
  edit: (fact: PublishedFact) => void;
  pin: (fact: PublishedFact) => void;
  remove: (fact: PublishedFact) => void;
  details: (details: FactDetails) => void;
}

const UNTIL = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

const CELL = 'block px-4 py-1 md:table-cell md:py-3 md:align-top';

export interface FactSelection {
  has: (id: string) => boolean;
  toggle: (id: string, on: boolean) => void;
}

export function FactTable({ facts, actions, selection }: { facts: PublishedFact[]; actions: FactActions; selection?: FactSelection }) {
  const names = useScopeNames();
  return (
    <table className="block w-full text-sm md:table">
      <caption className="sr-only">Published facts</caption>
      <thead className="sr-only md:not-sr-only md:table-header-group">
        <tr className="border-b border-slate-200 text-left text-xs tracking-wide text-slate-600 uppercase dark:border-slate-700 dark:text-slate-400">
          {selection ? (
            <th scope="col" className="w-8 px-4 py-2">
              <span className="sr-only">Selected</span>
            </th>
          ) : null}
          <th scope="col" className="px-4 py-2">
            Fact
          </th>
          <th scope="col" className="px-4 py-2">
            Published for
          </th>
          <th scope="col" className="px-4 py-2">
            Overridden by
          </th>
          <th scope="col" className="px-4 py-2">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="block space-y-3 md:table-row-group md:space-y-0">
        {facts.map((fact) => (
          <tr
            key={fact.id}
            data-fact-key={fact.key}
            className="block rounded-lg border border-slate-200 bg-white py-2 md:table-row md:rounded-none md:border-0 md:border-b dark:border-slate-800 dark:bg-slate-900"
          >
            {selection ? (
              <td className={CELL}>
                {fact.canEdit ? (
                  <input
                    type="checkbox"
                    aria-label={`Select ${fact.key}`}
                    className="size-4 accent-indigo-600"
                    checked={selection.has(fact.id)}
                    onChange={(event) => selection.toggle(fact.id, event.target.checked)}
                  />
                ) : null}
              </td>
            ) : null}
            <td className={CELL}>
              <p className="font-mono text-xs text-slate-600 dark:text-slate-400">{fact.key}</p>
              <p className="mt-1 break-words">{fact.text}</p>
              {fact.pinned || fact.state === 'muted' ? (
                <p className="mt-1 flex flex-wrap gap-1">
                  {fact.pinned ? <Badge tone="violet">Always on</Badge> : null}
                  {fact.state === 'muted' ? <Badge tone="slate">Muted: not used</Badge> : null}
                </p>
              ) : null}
              {fact.expiresAt ? (
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">Valid until {UNTIL.format(new Date(fact.expiresAt))}</p>
              ) : null}
            </td>
            <td className={CELL}>
              <Badge tone={fact.scope === 'global' ? 'sky' : 'indigo'}>{scopeName(fact.scope, names)}</Badge>
              {fact.scope !== 'global' ? (
                <TechnicalToken className="mt-1 block font-mono text-xs break-all text-slate-600 dark:text-slate-400">
                  {fact.scope}
                </TechnicalToken>
              ) : null}
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">version {fact.version}</p>
            </td>
            <td className={CELL}>
              <button
                type="button"
                className="text-left text-sm underline decoration-dotted underline-offset-2 focus-visible:outline-2 focus-visible:outline-indigo-500"
                onClick={() => actions.details({ kind: 'overrides', fact })}
                aria-label={`People who override ${fact.key}: ${fact.overrides}`}
              >
                {fact.overrides === 1 ? '1 person' : `${fact.overrides} people`}
              </button>
            </td>
            <td className={cn(CELL, 'md:text-right')}>
              <div className="flex flex-wrap gap-1 md:justify-end">
                {fact.canEdit ? (
                  <>
                    <Button variant="ghost" onClick={() => actions.edit(fact)} aria-label={`Edit ${fact.key}`}>
                      Edit
                    </Button>
                    <Button variant="ghost" onClick={() => actions.pin(fact)} aria-label={`${fact.pinned ? 'Unpin' : 'Pin'} ${fact.key}`}>
                      {fact.pinned ? 'Unpin' : 'Pin'}
                    </Button>
                  </>
                ) : (
                  <span className="px-3 py-2 text-xs text-slate-600 dark:text-slate-400">Read only</span>
                )}
                <Button variant="ghost" onClick={() => actions.details({ kind: 'history', fact })} aria-label={`History of ${fact.key}`}>
                  History
                </Button>
                {fact.canEdit ? (
                  <Button variant="danger-ghost" onClick={() => actions.remove(fact)} aria-label={`Delete ${fact.key}`}>
                    Delete
                  </Button>
                ) : null}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
