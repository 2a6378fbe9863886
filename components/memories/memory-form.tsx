'use client';
// Add a memory about yourself in plain words, or edit one of your own. The key is derived from the
// text with the same domain function the server uses (`deriveMemoryKey`), shown, and editable
// under "Advanced". When the text is about a topic that already applies to the person (their
// organisation's `fiscal-year`), the form offers that key so their memory overrides the shared
// one. A save never silently replaces a memory they hold: on a collision the form says so and
// offers to update that one or keep both. Before sending, the form runs the server's own
// `validateFact`, so the counter and the errors count what the server counts.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ExpiryField, expiryInstant } from '@/components/life/expiry-field';
import { cn } from '@/components/ui/cn';
import { TextField } from '@/components/ui/text-field';
import { useFocusAfterRender } from '@/components/ui/use-focus-after-render';
import { useTRPC } from '@/components/trpc/client';
import { countChars, normalizeFactText, scopeKind, validateFact, type FactError } from '@/server/domain';
import { deriveMemoryKey, distinctKey, matchTopic } from '@/server/domain/memory-key';
import { domainDetails, errorCode, errorMessage, fieldErrors } from '@/components/trpc/errors';
import { REFUSAL_WORDS } from '@/components/trpc/refusal-words';
import { factErrorSentence, valueOf } from './memory-wording';
import { useRefreshMemories } from './use-refresh-memories';

export interface MemoryFormProps {
  /** Editing keeps the key; adding derives one. */
  editing?: { key: string; text: string; version: number };
  maxFactChars: number;
  onSaved: (key: string) => void;
  onCancel: () => void;
}

/** A memory the save would have replaced, and the free key beside it. */
interface Collision {
  key: string;
  text: string;
  version: number;
  alternative: string;
}

type SaveRequest = { key?: string; text: string; expectedVersion?: number; expiresAt?: string };

const LINE_BREAKS = /[\r\n\u0085\u2028\u2029]+/g;

const textareaClass =
  'mt-1 block w-full resize-none rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm [overflow-wrap:anywhere] placeholder:text-slate-500 focus-visible:border-indigo-500 aria-[invalid=true]:border-red-500 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400 dark:aria-[invalid=true]:border-red-400';

export function MemoryForm({ editing, maxFactChars, onSaved, onCancel }: MemoryFormProps) {
  const trpc = useTRPC();
  const refresh = useRefreshMemories();
  const [text, setText] = useState(editing?.text ?? '');
  /** A key the person typed or chose; null while the key follows the text. */
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const [expectedVersion, setExpectedVersion] = useState(editing?.version ?? 0);
  const [errors, setErrors] = useState<{ key?: string[]; text?: string[] }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [collision, setCollision] = useState<Collision | null>(null);
  const [dismissedTopic, setDismissedTopic] = useState<string | null>(null);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [expiry, setExpiry] = useState('');
  const [expiryError, setExpiryError] = useState<string | null>(null);
  const focusAfterRender = useFocusAfterRender();
  const keyRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const collisionRef = useRef<HTMLDivElement>(null);
  const formId = useId();
  const textId = useId();

  const topics = useQuery({ ...trpc.memories.topics.queryOptions(), enabled: !editing });

  const derivedKey = deriveMemoryKey(text);
  const key = editing ? editing.key : (chosenKey ?? derivedKey);
  const topicKey =
    !editing && chosenKey === null && text.trim()
      ? matchTopic(
          text,
          (topics.data ?? []).map((topic) => topic.key),
        )
      : null;
  const topic =
    topicKey && topicKey !== key && topicKey !== dismissedTopic ? topics.data?.find((candidate) => candidate.key === topicKey) : undefined;

  useEffect(() => {
    // A collision is a question to the person: take them to it once it is shown.
    if (collision) collisionRef.current?.focus();
  }, [collision]);

  const save = useMutation(
    trpc.memories.save.mutationOptions({
      onSuccess: async (saved) => {
        await refresh();
        onSaved(saved.key);
      },
    }),
  );

  function send(plain: SaveRequest) {
    setFormError(null);
    setExpiryError(null);
    const expiresAt = expiryInstant(expiry);
    const request = expiresAt ? { ...plain, expiresAt } : plain;
    save.mutate(request, { onError: (error) => showSaveError(error, request) });
  }

  // Runs from an event handler (not during render), so it may focus the field at fault.
  function showSaveError(error: unknown, request: SaveRequest) {
    const details = domainDetails(error);
    if (errorCode(error) === 'CONFLICT' && details?.reason === 'QUOTA_EXCEEDED') {
      // The server's sentence says how many the person holds, the limit, and what to do.
      setFormError(errorMessage(error, REFUSAL_WORDS.QUOTA_EXCEEDED));
      return;
    }
    if (errorCode(error) === 'CONFLICT') {
      const current = details?.current as { key?: string; text?: string; version?: number } | null | undefined;
      if (!editing && current?.version !== undefined) {
        const takenKey = details?.key ?? request.key ?? key;
        setCollision({
          key: takenKey,
          text: current.text ?? '',
          version: current.version,
          alternative: details?.alternative ?? distinctKey(takenKey, [takenKey]),
        });
      } else if (!editing) {
        setFormError(errorMessage(error, 'Your memory could not be saved. Try again.'));
      } else if (current?.version !== undefined) {
        setExpectedVersion(current.version);
        setFormError(`This memory changed meanwhile; it now reads: “${current.text ?? ''}”. Save again to replace it with your text.`);
      } else {
        setExpectedVersion(0);
        setFormError('This memory was deleted meanwhile. Save again to add it back with your text.');
      }
      void refresh();
      return;
    }
    const expiryMessage = fieldErrors(error).expiresAt?.[0];
    if (expiryMessage) {
      setExpiryError(sentence(expiryMessage));
      return;
    }
    const byField = sentencesByField(
      ((details?.fieldErrors ?? []) as FactError[]).filter((entry) => entry.field === 'key' || entry.field === 'text'),
    );
    for (const [field, messages] of Object.entries(fieldErrors(error))) {
      if ((field === 'key' || field === 'text') && !byField[field]) byField[field] = messages.map(sentence);
    }
    if (byField.key || byField.text) {
      setErrors(byField);
      focusField(byField);
      return;
    }
    setFormError(errorMessage(error, 'Your memory could not be saved.'));
  }

  function focusField(byField: { key?: string[] }) {
    // The key field is inside "Advanced": open it, and focus once that is committed.
    if (byField.key && !editing) setAdvancedOpen(true);
    focusAfterRender(byField.key && !editing ? keyRef : textRef);
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (save.isPending) return;
    setFormError(null);
    setCollision(null);
    const verdict = validateFact({ key, text }, { maxFactChars });
    if (!verdict.ok) {
      const byField = sentencesByField(verdict.errors);
      setErrors(byField);
      focusField(byField);
      return;
    }
    setErrors({});
    // A key that follows the text is derived again on the server (the same function); a chosen
    // key is sent as is, and must not exist yet.
    if (editing) send({ key: editing.key, text, expectedVersion });
    else if (chosenKey !== null) send({ key: chosenKey, text, expectedVersion: 0 });
    else send({ text });
  }

  function onTextKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // A memory is one line: Enter saves (Shift+Enter too), unless an input method is composing.
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  const length = countChars(normalizeFactText(text));
  const over = length > maxFactChars;
  const textErrorId = `${textId}-error`;
  const counterId = `${textId}-counter`;

  return (
    <form
      onSubmit={submit}
      aria-labelledby={formId}
      noValidate
      className="rounded-lg border border-indigo-200 bg-indigo-50/50 p-4 dark:border-indigo-900 dark:bg-indigo-950/30"
    >
      <h3 id={formId} className="text-sm font-semibold break-words">
        {editing ? `Edit “${editing.key}”` : 'Add a memory about yourself'}
      </h3>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {editing
          ? 'Your words replace the current ones. The assistant treats them as something you said.'
          : 'Write it the way you would tell a colleague. The assistant treats it as something you said, and it overrides a shared value on the same topic for you.'}
      </p>

      <div className="mt-3">
        <label htmlFor={textId} className="block text-sm font-medium">
          Memory
        </label>
        <textarea
          ref={textRef}
          id={textId}
          name="text"
          rows={3}
          value={text}
          onChange={(event) => {
            setText(event.target.value.replace(LINE_BREAKS, ' '));
            if (errors.text) setErrors(({ key: keyErrors }) => ({ key: keyErrors }));
            setCollision(null);
          }}
          onKeyDown={onTextKeyDown}
          autoFocus
          autoComplete="off"
          enterKeyHint="done"
          placeholder="One sentence, e.g. I prefer window seats."
          aria-invalid={errors.text?.length ? true : undefined}
          aria-describedby={errors.text?.length ? textErrorId : counterId}
          className={textareaClass}
        />
        {/* The counter and the error never say the same thing twice: while an error is shown, it replaces the counter. */}
        {errors.text?.length ? (
          <p id={textErrorId} className="mt-1 text-xs font-medium text-red-700 dark:text-red-400">
            {errors.text.join(' ')}
          </p>
        ) : (
          <p
            id={counterId}
            className={cn(
              'mt-1 text-xs tabular-nums',
              over ? 'font-medium text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400',
            )}
          >
            {length} of {maxFactChars} characters · Enter saves
          </p>
        )}
      </div>

      {editing ? null : (
        <>
          {topic ? (
            <div className="mt-3 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-900 dark:bg-sky-950/50 dark:text-sky-100">
              <p>
                This sounds like <code className="font-mono text-xs break-all">{topic.key}</code>, where{' '}
                {valueOf({ audience: topic.audience, kind: scopeKind(topic.scope), label: topic.scopeLabel })} applies to you:{' '}
                <q>{topic.text}</q> Save yours under that key, and yours applies to you instead.
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  onClick={() => {
                    setChosenKey(topic.key);
                    focusAfterRender(textRef);
                  }}
                >
                  Use “{topic.key}”
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => {
                    setDismissedTopic(topic.key);
                    focusAfterRender(textRef);
                  }}
                >
                  No, it is a new topic
                </Button>
              </div>
            </div>
          ) : null}
          {text.trim() || chosenKey !== null ? (
            <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
              Saved under the key{' '}
              <code className="rounded bg-white px-1 font-mono break-all text-slate-800 dark:bg-slate-900 dark:text-slate-200">{key}</code>
              {chosenKey === null ? ' (made from your words)' : ' (chosen)'}
            </p>
          ) : null}
          <details
            className="mt-2 text-sm"
            open={advancedOpen}
            onToggle={(event) => setAdvancedOpen((event.currentTarget as HTMLDetailsElement).open)}
          >
            <summary className="cursor-pointer text-xs font-medium text-indigo-700 dark:text-indigo-300">Advanced: choose the key</summary>
            <div className="mt-2 max-w-sm">
              <TextField
                label="Key"
                inputRef={keyRef}
                name="key"
                value={key}
                onChange={(event) => {
                  setChosenKey(event.target.value);
                  setCollision(null);
                  if (errors.key) setErrors(({ text: textErrors }) => ({ text: textErrors }));
                }}
                autoComplete="off"
                spellCheck={false}
                mono
                hint={{
                  content: 'Lowercase letters, digits, dots, underscores and hyphens. Memories with the same key override each other.',
                }}
                errors={errors.key}
              />
              {chosenKey !== null ? (
                <Button
                  variant="secondary"
                  className="mt-2"
                  onClick={() => {
                    setChosenKey(null);
                    focusAfterRender(keyRef);
                  }}
                >
                  Make it from my words again
                </Button>
              ) : null}
            </div>
          </details>
        </>
      )}

      <ExpiryField
        value={expiry}
        onChange={(local) => {
          setExpiry(local);
          setExpiryError(null);
        }}
        summary="Advanced: forget this on a date"
        label="Forget this on"
        error={expiryError}
      />

      {collision ? (
        <div
          ref={collisionRef}
          tabIndex={-1}
          role="alert"
          className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 focus:outline-2 focus:outline-offset-2 focus:outline-amber-500 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
        >
          <p>
            You already have a memory under <code className="font-mono text-xs break-all">{collision.key}</code>: <q>{collision.text}</q>
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              variant="secondary"
              disabled={save.isPending}
              onClick={() => send({ key: collision.key, text, expectedVersion: collision.version })}
            >
              Update that one
            </Button>
            <Button
              variant="secondary"
              disabled={save.isPending}
              onClick={() => send({ key: collision.alternative, text, expectedVersion: 0 })}
            >
              Keep both (as “{collision.alternative}”)
            </Button>
          </div>
        </div>
      ) : null}
      {formError ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-400">
          {formError}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : editing ? 'Save changes' : 'Save memory'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function sentence(message: string): string {
  return factErrorSentence({ field: 'text', message });
}

function sentencesByField(errors: readonly FactError[]): { key?: string[]; text?: string[] } {
  const byField: { key?: string[]; text?: string[] } = {};
  for (const error of errors) (byField[error.field] ??= []).push(factErrorSentence(error));
  return byField;
}
