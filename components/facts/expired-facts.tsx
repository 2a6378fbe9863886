'use client';
// The Facts page's "Expired facts" (docs/features.md "Published facts"): the facts past their
// valid-until date, kept until the expiry job deletes them 30 days later, each with when it expired
// and when it goes. **Extend** asks for a new valid-until date (ahead, at most ten years out) and
// brings the fact back at the version shown. Loaded only when an administrator picks the filter.
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useTRPC } from '@/components/trpc/client';
import { errorCode, errorMessage, fieldErrors } from '@/components/trpc/errors';
import type { PublishedFact } from '@/components/trpc/outputs';
import { scopeName, TechnicalToken } from '@/components/glossary';
import { expiryInstant } from '@/components/life/expiry-field';
import { useScopeNames } from './use-scope-names';

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const DAY_MS = 86_400_000;

/** A `datetime-local` value in the browser's time zone, `days` from now. */
function localInput(days: number): string {
  const at = new Date(Date.now() + days * DAY_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

export function ExpiredFacts({ facts, onDone }: { facts: PublishedFact[]; onDone: (text: string) => void }) {
  const names = useScopeNames();
  const [extending, setExtending] = useState<PublishedFact | null>(null);
  return (
    <>
      <ul aria-label="Expired facts" className="space-y-3">
        {facts.map((fact) => (
          <li
            key={fact.id}
            data-fact-key={fact.key}
            className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
          >
            <div className="min-w-0 flex-1 basis-64 text-sm">
              <p className="font-mono text-xs text-slate-600 dark:text-slate-400">{fact.key}</p>
              <p className="mt-1 break-words">{fact.text}</p>
              <p className="mt-2 flex flex-wrap items-center gap-2">
                <Badge tone="amber">Expired</Badge>
                <Badge tone={fact.scope === 'global' ? 'sky' : 'indigo'}>{scopeName(fact.scope, names)}</Badge>
                {fact.scope !== 'global' ? (
                  <TechnicalToken className="font-mono text-xs break-all text-slate-600 dark:text-slate-400">{fact.scope}</TechnicalToken>
                ) : null}
              </p>
              <p className="mt-2 text-xs text-slate-700 dark:text-slate-300">
                {fact.expiresAt ? <>Expired on {DATE.format(new Date(fact.expiresAt))}. </> : null}
                {fact.deleteAfter ? <>Deleted on {DATE.format(new Date(fact.deleteAfter))} unless extended.</> : null}
              </p>
            </div>
            {fact.canEdit ? (
              <Button variant="secondary" onClick={() => setExtending(fact)} aria-label={`Extend ${fact.key}`}>
                Extend
              </Button>
            ) : (
              <span className="px-3 py-2 text-xs text-slate-600 dark:text-slate-400">Read only</span>
            )}
          </li>
        ))}
      </ul>
      <ExtendFactDialog
        fact={extending}
        onCancel={() => setExtending(null)}
        onDone={(text) => {
          setExtending(null);
          onDone(text);
        }}
      />
    </>
  );
}

function ExtendFactDialog({
  fact,
  onDone,
  onCancel,
}: {
  fact: PublishedFact | null;
  onDone: (text: string) => void;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const extend = useMutation(trpc.facts.extend.mutationOptions());
  const id = useId();
  const [until, setUntil] = useState(() => localInput(90));
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  function close() {
    setError(null);
    setFieldError(null);
    setUntil(localInput(90));
    onCancel();
  }
  function submit() {
    if (!fact) return;
    const expiresAt = expiryInstant(until);
    if (!expiresAt) {
      setFieldError('Choose the date and time until which the fact is valid.');
      return;
    }
    setError(null);
    setFieldError(null);
    extend.mutate(
      { id: fact.id, expectedVersion: fact.version, expiresAt },
      {
        onSuccess: (saved) => {
          setUntil(localInput(90));
          onDone(`“${fact.key}” is in use again, valid until ${DATE.format(new Date(saved.expiresAt ?? expiresAt))}.`);
        },
        onError: (e) => {
          const field = fieldErrors(e).expiresAt?.[0];
          if (field) return setFieldError(field);
          setError(
            errorCode(e) === 'CONFLICT'
              ? 'Someone changed this fact since you loaded the page. Close this, and extend it from the refreshed list.'
              : errorMessage(e, 'The fact could not be extended.'),
          );
        },
      },
    );
  }
  return (
    <Dialog
      open={fact !== null}
      onClose={close}
      title={fact ? `Extend “${fact.key}”?` : ''}
      description={
        <p>The assistant uses the fact again, for everyone it applies to, until the date you choose (at most ten years ahead).</p>
      }
    >
      <div className="space-y-3">
        <div>
          <label htmlFor={id} className="block text-sm font-medium">
            Valid until
          </label>
          <input
            id={id}
            type="datetime-local"
            autoFocus
            value={until}
            onChange={(event) => setUntil(event.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${id}-error` : undefined}
            className="mt-1 block w-full max-w-sm rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
          />
          {fieldError ? (
            <p id={`${id}-error`} role="alert" className="mt-1 text-xs font-medium text-red-700 dark:text-red-400">
              {fieldError}
            </p>
          ) : null}
        </div>
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={extend.isPending}>
            {extend.isPending ? 'Saving…' : 'Extend'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
