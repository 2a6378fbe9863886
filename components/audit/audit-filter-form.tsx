'use client';
// The filter form: changes apply on "Apply filters" (or Enter), so typing does not reload the log.
// Where a change was held is chosen by name ("Berlin office"), from the places the administrator
// publishes facts at; a link that names another scope keeps it as a choice of its own.
import { useState, type FormEvent } from 'react';
import { useScopeNames } from '@/components/facts/use-scope-names';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { ACTION_LABELS, type AuditFilters } from './audit-filters';
import { auditScopeName } from './audit-scope';

const SELECT =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100';
const NOBODY = { actorRef: null, name: null };

const EMPTY: AuditFilters = { action: '', person: '', scope: '', key: '', from: '', to: '' };

export function AuditFilterForm({ filters, onApply }: { filters: AuditFilters; onApply: (next: AuditFilters) => void }) {
  const names = useScopeNames();
  const [draft, setDraft] = useState(filters);
  const [shown, setShown] = useState(filters);
  if (JSON.stringify(filters) !== JSON.stringify(shown)) {
    // The URL changed under us (back button, a link): show what it says.
    setShown(filters);
    setDraft(filters);
  }
  const places = Object.keys(names);
  if (draft.scope && !places.includes(draft.scope)) places.push(draft.scope);
  const field = (name: keyof AuditFilters) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };

  return (
    <form
      role="search"
      aria-label="Filter the audit log"
      onSubmit={submit}
      className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <label htmlFor="audit-action" className="block text-sm font-medium">
            Action
          </label>
          <select id="audit-action" {...field('action')} className={SELECT}>
            <option value="">Any action</option>
            {Object.entries(ACTION_LABELS).map(([action, label]) => (
              <option key={action} value={action}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Person (e-mail address)"
          placeholder="e.g. bob@example.com"
          autoComplete="off"
          {...field('person')}
          maxLength={320}
        />
        <div>
          <label htmlFor="audit-scope" className="block text-sm font-medium">
            Held for
          </label>
          <select id="audit-scope" {...field('scope')} className={SELECT}>
            <option value="">Anywhere</option>
            {places.map((scope) => (
              <option key={scope} value={scope}>
                {auditScopeName(scope, NOBODY, names)}
              </option>
            ))}
          </select>
        </div>
        <TextField label="Key" placeholder="e.g. expense-limit" autoComplete="off" mono {...field('key')} maxLength={200} />
        <TextField label="From (day)" type="date" {...field('from')} />
        <TextField label="To (day, included)" type="date" {...field('to')} />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="submit">Apply filters</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setDraft(EMPTY);
            onApply(EMPTY);
          }}
        >
          Clear filters
        </Button>
      </div>
    </form>
  );
}
