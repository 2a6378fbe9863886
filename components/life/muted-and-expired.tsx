'use client';
// "Muted" and "Expired" on My memories (docs/concepts.md "The life of a memory"): the person's own
// memories the assistant keeps but never uses. A muted one comes back in one click; an expired one
// is kept 30 days — restoring it saves it again (it then needs room among their memories), or it
// can be deleted now. After an action, focus goes to the section's heading, which says what happened.
import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage } from '@/components/trpc/errors';
import type { RouterOutputs } from '@/components/trpc/outputs';
import { useRefreshMemories } from '@/components/memories/use-refresh-memories';

type Inactive = RouterOutputs['memories']['inactive']['muted'][number];

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function MutedAndExpired() {
  const trpc = useTRPC();
  const { data } = useSuspenseQuery(trpc.memories.inactive.queryOptions());
  const refresh = useRefreshMemories();
  const heading = useRef<HTMLHeadingElement>(null);
  const [said, setSaid] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const done = async (text: string) => {
    await refresh();
    setSaid({ tone: 'success', text });
    heading.current?.focus();
  };
  const failed = (error: unknown, text: string) => {
    void refresh();
    setSaid({ tone: 'error', text: errorMessage(error, text) });
    heading.current?.focus();
  };
  const unmute = useMutation(trpc.memories.setMuted.mutationOptions());
  const save = useMutation(trpc.memories.save.mutationOptions());
  const forget = useMutation(trpc.memories.forget.mutationOptions());
  const busy = unmute.isPending || save.isPending || forget.isPending;

  if (data.muted.length === 0 && data.expired.length === 0 && said === null) return null;

  const restoreMuted = (memory: Inactive) =>
    unmute.mutate(
      { id: memory.id, muted: false },
      {
        onSuccess: () => void done(`“${memory.key}” is restored: the assistant uses it again.`),
        onError: (error) => failed(error, `“${memory.key}” could not be restored.`),
      },
    );
  const restoreExpired = (memory: Inactive) =>
    save.mutate(
      { key: memory.key, text: memory.text, expectedVersion: memory.version, expiresAt: null },
      {
        onSuccess: () => void done(`“${memory.key}” is restored and no longer expires.`),
        onError: (error) => failed(error, `“${memory.key}” could not be restored.`),
      },
    );
  const deleteNow = (memory: Inactive) =>
    forget.mutate(
      { id: memory.id },
      {
        onSuccess: () => void done(`“${memory.key}” is deleted.`),
        onError: (error) => failed(error, `“${memory.key}” could not be deleted.`),
      },
    );

  return (
    <section
      aria-labelledby="inactive-heading"
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="inactive-heading" ref={heading} tabIndex={-1} className="text-base font-semibold focus:outline-2 focus:outline-indigo-500">
        Muted and expired
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Kept, but the assistant does not use them.</p>
      <div aria-live="polite">
        {said ? (
          <p
            role={said.tone === 'error' ? 'alert' : undefined}
            className={
              said.tone === 'error'
                ? 'mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100'
                : 'mt-3 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100'
            }
          >
            {said.text}
          </p>
        ) : null}
      </div>
      {data.muted.length > 0 ? (
        <>
          <h3 className="mt-4 text-sm font-semibold">Muted</h3>
          <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800" aria-label="Muted memories">
            {data.muted.map((memory) => (
              <li key={memory.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
                <div className="min-w-0 flex-1 basis-40">
                  <p className="text-sm break-words">{memory.text}</p>
                  <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                    <code className="font-mono break-all">{memory.key}</code> · Muted
                  </p>
                </div>
                <Button variant="secondary" disabled={busy} aria-label={`Restore ${memory.key}`} onClick={() => restoreMuted(memory)}>
                  Restore
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {data.expired.length > 0 ? (
        <>
          <h3 className="mt-4 text-sm font-semibold">Expired</h3>
          <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800" aria-label="Expired memories">
            {data.expired.map((memory) => (
              <li key={memory.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
                <div className="min-w-0 flex-1 basis-40">
                  <p className="text-sm break-words">{memory.text}</p>
                  <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                    <code className="font-mono break-all">{memory.key}</code> · Expired
                    {memory.deleteAfter ? `; deleted on ${DATE.format(new Date(memory.deleteAfter))}` : ''}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button variant="secondary" disabled={busy} aria-label={`Restore ${memory.key}`} onClick={() => restoreExpired(memory)}>
                    Restore
                  </Button>
                  <Button variant="secondary" disabled={busy} aria-label={`Delete ${memory.key} now`} onClick={() => deleteNow(memory)}>
                    Delete now
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
