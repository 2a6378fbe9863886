'use client';
// One key as it applies to the person: the winning value, where it is held and who decided it,
// where it came from, the values it beats, and what they may do with it.
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { scopeKind } from '@/server/domain';
import type { VisibleMemory } from '@/components/trpc/outputs';
import { AlwaysOnMarker } from './always-on-marker';
import { MemoryForm } from './memory-form';
import { MemoryOrigin } from './memory-origin';
import { administeredNote, authorshipWords, factHref, holderNote } from './memory-wording';
import { OverrideList } from './override-list';
import { RelativeTime } from './relative-time';
import { ScopeBadge } from './scope-badge';

export function MemoryRow({
  memory,
  maxFactChars,
  onDelete,
  onSaved,
}: {
  memory: VisibleMemory;
  maxFactChars: number;
  onDelete: (memory: VisibleMemory) => void;
  onSaved: (key: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    // Closing the inline form removes the focused field; give focus back to the button that opened it.
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);
  const closeEditor = () => {
    returnFocus.current = true;
    setEditing(false);
  };
  const words = { audience: memory.audience, kind: scopeKind(memory.scope) };
  const keyId = `memory-${memory.id}-key`;

  return (
    <li>
      <article aria-labelledby={keyId} className="px-4 py-4 sm:px-5">
        <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
          <div className="min-w-0 flex-1 basis-md">
            <p className="text-[0.95rem] leading-relaxed text-slate-900 dark:text-slate-50">{memory.text}</p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <code
                id={keyId}
                className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200"
              >
                {memory.key}
              </code>
              <ScopeBadge scope={memory.scope} words={words} />
              {memory.alwaysOn ? <AlwaysOnMarker /> : null}
            </div>
            <p className="mt-2 flex flex-wrap gap-x-1.5 text-xs text-slate-600 dark:text-slate-400">
              <span className="font-medium text-slate-800 dark:text-slate-200">{authorshipWords(memory.author, words)}</span>
              <MemoryOrigin origin={memory.origin} />
              <span aria-hidden="true">·</span>
              <span>
                updated <RelativeTime iso={memory.updatedAt} />
              </span>
            </p>
          </div>
          <div className="flex shrink-0 items-start gap-2">
            {memory.mine ? (
              <>
                <Button ref={editButton} variant="secondary" aria-label={`Edit ${memory.key}`} aria-expanded={editing} onClick={() => setEditing(true)} disabled={editing}>
                  Edit
                </Button>
                <Button
                  variant="secondary"
                  aria-label={`Delete ${memory.key}`}
                  onClick={() => onDelete(memory)}
                >
                  Delete
                </Button>
              </>
            ) : memory.administered ? (
              <div className="max-w-56 text-xs leading-snug text-slate-600 dark:text-slate-400">
                <p>{administeredNote(words)}</p>
                <Link
                  href={factHref(memory.scope, memory.key)}
                  aria-label={`Change ${memory.key} on the Facts page`}
                  className="mt-1 inline-block font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
                >
                  Change it on the Facts page
                </Link>
              </div>
            ) : (
              <p className="max-w-56 text-xs leading-snug text-slate-600 dark:text-slate-400">{holderNote(words)}</p>
            )}
          </div>
        </div>
        <OverrideList overrides={memory.overrides} />
        {editing ? (
          <div className="mt-4">
            <MemoryForm
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
