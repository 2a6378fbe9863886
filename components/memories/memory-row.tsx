'use client';
// One key as it applies to the person: the value, whose scope it is held for and who said it, the
// one thing the next conversation does with it, where it came from, the values it overrides, and
// what they may do with it — including deciding a conflict between the assistant's guess and a
// shared value.
import Link from 'next/link';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
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
  ADMINISTERED_NOTE,
  authorshipWords,
  conflictWords,
  factHref,
  HOLDER_NOTE,
  overriddenSharedValue,
  statusWords,
} from './memory-wording';
import { OverrideList } from './override-list';
import { RelativeTime } from './relative-time';
import { ScopeBadge } from './scope-badge';
import { useRefreshMemories } from './use-refresh-memories';

export interface RowNotice {
  tone: 'success' | 'error';
  text: string;
}

const STATUS_TONES = {
  ok: 'text-emerald-800 dark:text-emerald-300',
  muted: 'text-slate-600 dark:text-slate-400',
  warning:
    'rounded-md border border-amber-300 bg-amber-50 px-2.5 py-1.5 text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100',
} as const;
const STATUS_ICONS = { ok: '✓', muted: '–', warning: '!' } as const;

export function MemoryRow({
  memory,
  maxFactChars,
  maxMemories,
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
  onForget: (request: ForgetRequest) => void;
  onSaved: (key: string) => void;
  onNotice: (notice: RowNotice) => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshMemories();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    // Closing the inline form (or deciding a conflict) removes the focused control; give focus to
    // the row's Edit button, once it is committed.
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing, memory.author]);
  const closeEditor = () => {
    returnFocus.current = true;
    setEditing(false);
  };
  const mute = useMutation(
    trpc.memories.setMuted.mutationOptions({
      onSuccess: async () => {
        await refresh();
        onNotice({
          tone: 'success',
          text: `Muted “${memory.key}”: it is kept, but the assistant will not use it. Restore it under “Muted and expired”.`,
        });
      },
      onError: (error) => {
        void refresh();
        onNotice({ tone: 'error', text: errorMessage(error, `“${memory.key}” could not be muted.`) });
      },
    }),
  );
  const keep = useMutation(
    trpc.memories.keepMine.mutationOptions({
      onSuccess: async () => {
        await refresh();
        onNotice({ tone: 'success', text: `“${memory.key}” is now your own memory; it applies to you instead of the shared value.` });
      },
      onError: (error) => {
        void refresh();
        onNotice({ tone: 'error', text: errorMessage(error, `“${memory.key}” could not be kept as yours.`) });
      },
    }),
  );

  const words = { audience: memory.audience, kind: scopeKind(memory.scope), label: memory.scopeLabel };
  const keyId = `memory-${memory.id}-key`;
  const status = statusWords(memory.status, maxMemories);
  const shared = overriddenSharedValue(memory);
  const conflict = shared ? conflictWords({ audience: shared.audience, kind: scopeKind(shared.scope), label: shared.scopeLabel }) : null;

  return (
    <li>
      <article
        id={`memory-${memory.id}`}
        aria-labelledby={keyId}
        tabIndex={-1}
        className="px-4 py-4 focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-500 sm:px-5"
      >
        <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
          {selection ? (
            <input
              type="checkbox"
              aria-label={`Select ${memory.key}`}
              className="mt-1 size-4 shrink-0 accent-indigo-600"
              checked={selection.checked}
              onChange={(event) => selection.onChange(event.target.checked)}
            />
          ) : null}
          <div className="min-w-0 flex-1 basis-md">
            <p className="text-[0.95rem] leading-relaxed break-words text-slate-900 dark:text-slate-50">{memory.text}</p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <code
                id={keyId}
                className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs break-all text-slate-800 dark:bg-slate-800 dark:text-slate-200"
              >
                {memory.key}
              </code>
              <ScopeBadge words={words} />
              {memory.alwaysOn ? <AlwaysOnMarker status={memory.status} /> : null}
            </div>
            <p className="mt-2 flex flex-wrap gap-x-1.5 text-xs text-slate-600 dark:text-slate-400">
              <span className="font-medium text-slate-800 dark:text-slate-200">
                {authorshipWords(memory.author, words, memory.keptGuess)}
              </span>
              <MemoryOrigin origin={memory.origin} />
              <span aria-hidden="true">·</span>
              <span>
                updated <RelativeTime iso={memory.updatedAt} />
              </span>
            </p>
            <p data-testid="memory-status" className={cn('mt-2 text-xs', STATUS_TONES[status.tone])}>
              <span aria-hidden="true" className="mr-1 font-bold">
                {STATUS_ICONS[status.tone]}
              </span>
              <span className="font-medium">{status.label}</span>
              {status.tone === 'ok' ? null : <span>. {status.detail}</span>}
            </p>
          </div>
          <div className="flex shrink-0 items-start gap-2">
            {memory.mine ? (
              <>
                <Button
                  ref={editButton}
                  variant="secondary"
                  aria-label={`Edit ${memory.key}`}
                  aria-expanded={editing}
                  onClick={() => setEditing(true)}
                  disabled={editing}
                >
                  Edit
                </Button>
                <Button
                  variant="secondary"
                  aria-label={`Mute ${memory.key}`}
                  disabled={mute.isPending}
                  onClick={() => mute.mutate({ id: memory.id, muted: true })}
                >
                  {mute.isPending ? 'Muting…' : 'Mute'}
                </Button>
                <Button variant="secondary" aria-label={`Delete ${memory.key}`} onClick={() => onForget({ memory, intent: 'delete' })}>
                  Delete
                </Button>
              </>
            ) : memory.administered ? (
              <div className="max-w-56 text-xs leading-snug text-slate-600 dark:text-slate-400">
                <p>{ADMINISTERED_NOTE}</p>
                <Link
                  href={factHref(memory.scope, memory.key)}
                  aria-label={`Change ${memory.key} on the Facts page`}
                  className="mt-1 inline-block font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
                >
                  Change it on the Facts page
                </Link>
              </div>
            ) : (
              <p className="max-w-56 text-xs leading-snug text-slate-600 dark:text-slate-400">{HOLDER_NOTE}</p>
            )}
          </div>
        </div>
        {conflict ? (
          <div
            role="group"
            aria-label={`Decide: ${memory.key}`}
            className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
          >
            <p className="font-medium">{conflict.summary}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                variant="secondary"
                disabled={keep.isPending}
                aria-label={`${conflict.keepLabel}: ${memory.key}`}
                onClick={() => {
                  // Once the row shows the memory as the person's own, focus goes to its Edit button.
                  returnFocus.current = true;
                  keep.mutate({ id: memory.id, expectedVersion: memory.version });
                }}
              >
                {keep.isPending ? 'Keeping…' : conflict.keepLabel}
              </Button>
              <Button
                variant="secondary"
                disabled={keep.isPending}
                aria-label={`${conflict.useTheirsLabel}: ${memory.key}`}
                onClick={() => onForget({ memory, intent: 'useTheirs' })}
              >
                {conflict.useTheirsLabel}
              </Button>
            </div>
          </div>
        ) : null}
        <OverrideList overrides={memory.overrides} />
        {editing ? (
          <div className="mt-4">
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
