'use client';
// One key as it applies to the person, compact: the value, then in one small line whose scope it is
// held for, who said it, where it came from and when; what the next conversation does with it only
// when it is left out; the key only under Advanced; the actions in a menu. Under it, when there is
// one, the decision between the assistant's guess and a shared value, the values it overrides, an
// error of an action on this row (focused), and the edit form.
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { cn } from '@/components/ui/cn';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage } from '@/components/trpc/errors';
import { scopeKind } from '@/server/domain';
import type { VisibleMemory } from '@/components/trpc/outputs';
import { AlwaysOnMarker } from './always-on-marker';
import type { ForgetRequest } from './forget-memory-dialog';
import { LazyMemoryForm } from './lazy-memory-form';
import { MemoryOrigin } from './memory-origin';
import {
  authorshipWords,
  conflictWords,
  factHref,
  HOLDER_NOTE,
  OWN_ALWAYS_ON_LABEL,
  overriddenSharedValue,
  quoteOf,
  statusWords,
} from './memory-wording';
import { OverrideList } from './override-list';
import { RelativeTime } from './relative-time';
import { RowMenu, type RowMenuItem } from './row-menu';
import { ScopeBadge } from './scope-badge';
import { useRefreshMemories } from './use-refresh-memories';

// Only a row where the assistant's guess overrides a shared value asks for a decision: its code
// loads with such a row (docs/benchmarks.md "First-load JavaScript").
const GuessDecision = lazy(() => import('./guess-decision').then((module) => ({ default: module.GuessDecision })));

export interface RowNotice {
  tone: 'success' | 'error';
  text: string;
}

// A row's status is shown only when the memory is left out of the next conversation.
const STATUS_TONES = {
  muted: 'text-slate-600 dark:text-slate-400',
  warning:
    'rounded-md border border-amber-300 bg-amber-50 px-2.5 py-1.5 text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100',
} as const;
const STATUS_ICONS = { muted: '–', warning: '!' } as const;

export function MemoryRow({
  memory,
  maxFactChars,
  maxMemories,
  showKey,
  highlighted,
  error,
  onDismissError,
  onForget,
  onSaved,
  onNotice,
  selection,
}: {
  memory: VisibleMemory;
  /** Present on the person's own rows: the box that adds the row to a batch. */
  selection?: { checked: boolean; onChange: (checked: boolean) => void };
  maxFactChars: number;
  maxMemories: number;
  /** "Show keys" under Advanced. */
  showKey: boolean;
  /** Just saved from the add form: the row is marked for a moment. */
  highlighted: boolean;
  /** Why the last delete of this row failed, said beside it. */
  error: string | null;
  onDismissError: () => void;
  onForget: (request: ForgetRequest) => void;
  onSaved: (key: string) => void;
  onNotice: (notice: RowNotice) => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshMemories();
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const shownError = failure ?? error;
  const menuButton = useRef<HTMLButtonElement>(null);
  const errorLine = useRef<HTMLParagraphElement>(null);
  const returnFocus = useRef(false);
  const quote = quoteOf(memory.text);
  useEffect(() => {
    // Closing the inline form (or deciding a conflict) removes the focused control; give focus to
    // the row's Actions button, once it is committed.
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      menuButton.current?.focus();
    }
  }, [editing, memory.author]);
  useEffect(() => {
    if (shownError) errorLine.current?.focus();
  }, [shownError]);
  const closeEditor = () => {
    returnFocus.current = true;
    setEditing(false);
  };
  const fail = (text: string) => {
    setFailure(text);
    void refresh();
  };
  const mute = useMutation(
    trpc.memories.setMuted.mutationOptions({
      onSuccess: async () => {
        await refresh();
        onNotice({
          tone: 'success',
          text: `Muted ${quote}: it is kept, but the assistant will not use it. Restore it under “Muted and expired”.`,
        });
      },
      onError: (failed) => fail(errorMessage(failed, 'It could not be muted.')),
    }),
  );
  const words = { audience: memory.audience, kind: scopeKind(memory.scope), label: memory.scopeLabel };
  const textId = `memory-${memory.id}-text`;
  const status = statusWords(memory.status, maxMemories);
  const shared = overriddenSharedValue(memory);
  const conflict = shared ? conflictWords({ audience: shared.audience, kind: scopeKind(shared.scope), label: shared.scopeLabel }) : null;
  const actions: RowMenuItem[] = memory.mine
    ? [
        {
          label: 'Edit',
          onSelect: () => {
            setFailure(null);
            setEditing(true);
          },
        },
        {
          label: mute.isPending ? 'Muting…' : 'Mute',
          onSelect: () => {
            setFailure(null);
            mute.mutate({ id: memory.id, muted: true });
          },
        },
        {
          label: 'Delete',
          danger: true,
          onSelect: () => {
            setFailure(null);
            onForget({ memory, intent: 'delete' });
          },
        },
      ]
    : memory.administered
      ? [{ label: 'Change it on the Facts page', href: factHref(memory.scope, memory.key) }]
      : [];

  return (
    <li>
      <article
        id={`memory-${memory.id}`}
        data-memory-key={memory.key}
        aria-labelledby={textId}
        tabIndex={-1}
        className={cn(
          'scroll-mt-24 px-4 py-2.5 focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-500 sm:px-5',
          highlighted && 'animate-just-saved',
        )}
      >
        <div className="flex items-start gap-3">
          {selection ? (
            <input
              type="checkbox"
              aria-label={`Select ${quote}`}
              className="mt-1 size-4 shrink-0 accent-indigo-600"
              checked={selection.checked}
              onChange={(event) => selection.onChange(event.target.checked)}
            />
          ) : null}
          <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-3 gap-y-1">
            <p id={textId} className="min-w-0 flex-1 basis-64 text-[0.95rem] leading-snug break-words text-slate-900 dark:text-slate-50">
              {memory.text}
            </p>
            <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
              <ScopeBadge words={words} />
              {memory.alwaysOn ? <AlwaysOnMarker status={memory.status} label={memory.mine ? OWN_ALWAYS_ON_LABEL : undefined} /> : null}
              <span className="font-medium text-slate-800 dark:text-slate-200">
                {authorshipWords(memory.author, words, memory.keptGuess)}
              </span>
              <MemoryOrigin origin={memory.origin} />
              <span aria-hidden="true">·</span>
              <span>
                updated <RelativeTime iso={memory.updatedAt} />
              </span>
              {memory.mine || memory.administered ? null : <span className="sr-only">. {HOLDER_NOTE}</span>}
              {showKey ? (
                <code
                  data-technical
                  title="The key the assistant stores it under"
                  className="rounded bg-slate-100 px-1.5 py-0.5 font-mono break-all text-slate-800 dark:bg-slate-800 dark:text-slate-200"
                >
                  {memory.key}
                </code>
              ) : null}
            </p>
          </div>
          {actions.length > 0 ? <RowMenu ref={menuButton} items={actions} describedBy={textId} /> : null}
        </div>
        {status.tone === 'ok' ? null : (
          <p data-testid="memory-status" className={cn('mt-1.5 text-xs', STATUS_TONES[status.tone])}>
            <span aria-hidden="true" className="mr-1 font-bold">
              {STATUS_ICONS[status.tone]}
            </span>
            <span className="font-medium">{status.label}</span>. {status.detail}
          </p>
        )}
        {shownError ? (
          <p
            ref={errorLine}
            role="alert"
            tabIndex={-1}
            className="mt-2 flex items-start justify-between gap-3 rounded-md border border-red-200 bg-red-50 px-3 py-1.5 text-sm text-red-900 focus:outline-2 focus:outline-red-500 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100"
          >
            {shownError}
            <button
              type="button"
              className="text-xs underline"
              onClick={() => {
                setFailure(null);
                onDismissError();
                menuButton.current?.focus();
              }}
            >
              Dismiss
            </button>
          </p>
        ) : null}
        {conflict ? (
          <Suspense fallback={null}>
            <GuessDecision
              memory={memory}
              words={conflict}
              onKeep={() => {
                // Once the row shows the memory as the person's own, focus goes to its Actions button.
                returnFocus.current = true;
                setFailure(null);
              }}
              onKept={async () => {
                await refresh();
                onNotice({ tone: 'success', text: `${quote} is now your own memory; it applies to you instead of the shared value.` });
              }}
              onFailed={fail}
              onUseTheirs={() => onForget({ memory, intent: 'useTheirs' })}
            />
          </Suspense>
        ) : null}
        <OverrideList overrides={memory.overrides} />
        {editing ? (
          <div className="mt-3">
            <LazyMemoryForm
              editing={{ key: memory.key, text: memory.text, version: memory.version }}
              maxFactChars={maxFactChars}
              onCancel={closeEditor}
              onSaved={(key) => {
                closeEditor();
                onSaved(key);
              }}
            />
          </div>
        ) : null}
      </article>
    </li>
  );
}
