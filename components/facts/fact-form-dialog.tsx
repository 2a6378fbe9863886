'use client';
// Publish a new fact or edit one. The browser runs the domain's validateFact before sending (the
// server runs it again); a change someone else made meanwhile is shown with its current text.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { ExpiryField, expiryInstant } from '@/components/life/expiry-field';
import { ConfirmationCancelled, useConfirmPassword } from '@/components/auth/confirm-password-dialog';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { useTRPC } from '@/components/trpc/client';
import { domainDetails, errorCode, errorMessage, fieldErrors } from '@/components/trpc/errors';
import type { PublishedFact } from '@/components/trpc/outputs';
import { ScopeName, scopeName } from '@/components/glossary';
import { useScopeNames } from './use-scope-names';
import { countChars, DEFAULT_MAX_FACT_CHARS, validateFact } from '@/server/domain';

export type FactFormTarget = { mode: 'create' } | { mode: 'edit'; fact: PublishedFact };

export function FactFormDialog({
  target,
  onSaved,
  onCancel,
}: {
  target: FactFormTarget | null;
  onSaved: (text: string) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={target !== null} onClose={onCancel} title={target?.mode === 'edit' ? `Edit “${target.fact.key}”` : 'Publish a fact'}>
      {target ? (
        <FactForm key={target.mode === 'edit' ? target.fact.id : 'new'} target={target} onSaved={onSaved} onCancel={onCancel} />
      ) : null}
    </Dialog>
  );
}

function FactForm({ target, onSaved, onCancel }: { target: FactFormTarget; onSaved: (text: string) => void; onCancel: () => void }) {
  const trpc = useTRPC();
  const names = useScopeNames();
  const editing = target.mode === 'edit' ? target.fact : null;
  const { data: scopes = [] } = useQuery(trpc.facts.scopes.queryOptions());
  const writable = scopes.filter((option) => option.canWrite);
  const [scope, setScope] = useState(editing?.scope ?? writable[0]?.scope ?? '');
  const [key, setKey] = useState(editing?.key ?? '');
  const [text, setText] = useState(editing?.text ?? '');
  const [version, setVersion] = useState(editing?.version ?? 0);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [expiry, setExpiry] = useState('');
  const keyRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLInputElement>(null);
  const save = useMutation(trpc.facts.save.mutationOptions());
  const confirm = useConfirmPassword();
  const maxFactChars = scopes.find((option) => option.scope === scope)?.maxFactChars ?? DEFAULT_MAX_FACT_CHARS;

  function showError(error: unknown) {
    if (error instanceof ConfirmationCancelled) {
      setFormError(error.message);
      return;
    }
    setErrors(fieldErrors(error));
    const current = domainDetails(error)?.current as { text?: string; version?: number } | null | undefined;
    if (errorCode(error) === 'CONFLICT' && current?.version !== undefined) {
      // Someone else saved first: show their text, and let this person decide with it in view.
      setVersion(current.version);
      setFormError(
        `${errorMessage(error, 'This fact changed meanwhile.')} It now reads: “${current.text ?? ''}”. Save again to replace it with your text.`,
      );
    } else {
      setFormError(errorMessage(error, 'The fact could not be saved.'));
    }
    textRef.current?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const verdict = validateFact({ key, text }, { maxFactChars });
    if (!verdict.ok) {
      const byField: Record<string, string[]> = {};
      for (const error of verdict.errors) (byField[error.field] ??= []).push(error.message);
      setErrors(byField);
      (byField.key && !editing ? keyRef : textRef).current?.focus();
      return;
    }
    setErrors({});
    // Publishing for everyone asks for the password when the sign-in is old (docs/operations.md
    // "Sessions").
    confirm
      .run((password) => save.mutateAsync({ scope, key, text, expectedVersion: version, password, expiresAt: expiryInstant(expiry) }))
      .then((saved) => onSaved(`Saved “${saved.key}” for ${scopeName(saved.scope, names)}.`), showError);
  }

  const length = countChars(text.trim());
  return (
    <>
      <form onSubmit={submit} noValidate className="space-y-3">
        {editing ? (
          <p className="text-sm">
            Published for <ScopeName scope={editing.scope} names={names} />
          </p>
        ) : (
          <div>
            <label htmlFor="fact-scope" className="block text-sm font-medium">
              Published for
            </label>
            <select
              id="fact-scope"
              value={scope}
              onChange={(event) => setScope(event.target.value)}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-950"
            >
              {writable.map((option) => (
                <option key={option.scope} value={option.scope}>{`${option.label} (${option.scope})`}</option>
              ))}
            </select>
          </div>
        )}
        {editing ? null : (
          <TextField
            label="Key"
            inputRef={keyRef}
            value={key}
            onChange={(event) => setKey(event.target.value)}
            autoFocus
            mono
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. travel-policy"
            errors={errors.key}
          />
        )}
        <TextField
          label="Fact"
          inputRef={textRef}
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoFocus={Boolean(editing)}
          autoComplete="off"
          errors={errors.text}
          hint={{ content: `${length} / ${maxFactChars} characters`, tone: length > maxFactChars ? 'error' : 'muted' }}
        />
        <ExpiryField
          value={expiry}
          onChange={setExpiry}
          summary={editing ? 'Advanced: valid until (extend or set an end)' : 'Advanced: valid until'}
          label="Valid until"
          error={errors.expiresAt?.[0] ?? null}
        />
        {formError ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {formError}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending || !scope}>
            {save.isPending ? 'Saving…' : editing ? 'Save changes' : 'Publish'}
          </Button>
        </div>
      </form>
      {confirm.dialog}
    </>
  );
}
