'use client';
// Add a fact about yourself, or edit one of your own. Before sending, the form runs the same
// validateFact the server runs (from server/domain, the one place it lives), so a key or fact the
// server would refuse is refused at the field without a request; the server still checks, and its
// field errors (a tenant's own limit, a race) show the same way.
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useTRPC } from '@/components/trpc/client';
import { countChars, MAX_KEY_CHARS, validateFact, type FactError } from '@/server/domain';
import { domainDetails, errorCode, errorMessage, fieldErrors } from '@/components/trpc/errors';
import { useRefreshMemories } from './use-refresh-memories';

export interface MemoryFormProps {
  /** Editing keeps the key; adding asks for one. */
  editing?: { key: string; text: string; version: number };
  maxFactChars: number;
  onSaved: (key: string) => void;
  onCancel: () => void;
}

export function MemoryForm({ editing, maxFactChars, onSaved, onCancel }: MemoryFormProps) {
  const trpc = useTRPC();
  const refresh = useRefreshMemories();
  const [key, setKey] = useState(editing?.key ?? '');
  const [text, setText] = useState(editing?.text ?? '');
  const [expectedVersion, setExpectedVersion] = useState(editing?.version ?? 0);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const keyRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLInputElement>(null);
  const formId = useId();

  const save = useMutation(
    trpc.memories.save.mutationOptions({
      onSuccess: async (saved) => {
        await refresh();
        onSaved(saved.key);
      },
    }),
  );

  // Runs from the submit handler (not during render), so it may focus the field at fault.
  function showSaveError(error: unknown) {
    const byField = fieldErrors(error);
    setErrors(byField);
    if (errorCode(error) === 'CONFLICT' && domainDetails(error)?.reason === 'QUOTA_EXCEEDED') {
      // The server's sentence says how many the person holds, the limit, and what to do.
      setFormError(errorMessage(error, 'You hold as many facts as your organisation allows. Delete some, then save again.'));
      return;
    }
    if (errorCode(error) === 'CONFLICT') {
      const current = domainDetails(error)?.current as { text?: string; version?: number } | null | undefined;
      if (!editing && current) {
        setFormError(`You already have a note under "${key}". Edit that one in the list, or choose another key.`);
      } else if (!editing) {
        setFormError(errorMessage(error, 'Your note could not be saved. Try again.'));
      } else if (current?.version !== undefined) {
        setExpectedVersion(current.version);
        setFormError(
          `${errorMessage(error, 'This note changed meanwhile.')} It now reads: “${current.text ?? ''}”. Save again to replace it with your text.`,
        );
      } else {
        setExpectedVersion(0);
        setFormError(errorMessage(error, 'This note was deleted meanwhile.'));
      }
      void refresh();
      return;
    }
    if (Object.keys(byField).length > 0) {
      setFormError(null);
      (byField.key && !editing ? keyRef : textRef).current?.focus();
      return;
    }
    setFormError(errorMessage(error, 'Your note could not be saved.'));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const verdict = validateFact({ key, text }, { maxFactChars });
    if (!verdict.ok) {
      const byField = groupByField(verdict.errors);
      setErrors(byField);
      (byField.key && !editing ? keyRef : textRef).current?.focus();
      return;
    }
    setErrors({});
    save.mutate({ key, text, expectedVersion }, { onError: showSaveError });
  }

  const length = countChars(text.trim());
  const over = length > maxFactChars;

  return (
    <form
      onSubmit={submit}
      aria-labelledby={formId}
      noValidate
      className="rounded-lg border border-indigo-200 bg-indigo-50/50 p-4 dark:border-indigo-900 dark:bg-indigo-950/30"
    >
      <h3 id={formId} className="text-sm font-semibold">
        {editing ? `Edit “${editing.key}”` : 'Add a fact about yourself'}
      </h3>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {editing
          ? 'Your text replaces the current value. The assistant treats it as something you stated.'
          : 'The assistant will treat this as something you stated, and it outranks your organisation’s value for the same key.'}
      </p>
      <div className="mt-3 grid gap-3 md:grid-cols-[14rem_minmax(0,1fr)]">
        {editing ? null : (
          <TextField
            label="Key"
            inputRef={keyRef}
            name="key"
            value={key}
            onChange={(event) => setKey(event.target.value)}
            autoFocus
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. preferred-airline"
            mono
            hint={{ content: `Lowercase letters, digits, “.”, “_” and “-”; up to ${MAX_KEY_CHARS} characters.` }}
            errors={errors.key}
          />
        )}
        <TextField
          label="Fact"
          className={editing ? 'md:col-span-2' : undefined}
          inputRef={textRef}
          name="text"
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoFocus={Boolean(editing)}
          autoComplete="off"
          placeholder="One sentence, e.g. I prefer window seats."
          hint={{
            content: `${length} / ${maxFactChars} characters${over ? ` — ${length - maxFactChars} over the limit` : ''}`,
            tone: over ? 'error' : 'muted',
          }}
          errors={errors.text}
        />
      </div>
      {formError ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-400">
          {formError}
        </p>
      ) : null}
      <div className="mt-4 flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : editing ? 'Save changes' : 'Save fact'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function groupByField(errors: FactError[]): Record<string, string[]> {
  const byField: Record<string, string[]> = {};
  for (const error of errors) (byField[error.field] ??= []).push(error.message);
  return byField;
}
