'use client';
// The body of "My memories": filters, the add form, the list, and the notices that report what
// a change did (or why it did not happen).
import { useQuery } from '@tanstack/react-query';
import { Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useTRPC } from '@/components/trpc/client';
import { DEFAULT_MAX_FACT_CHARS } from '@/server/domain';
import { MemoryForm } from './memory-form';
import { MemoryList, type Notice } from './memory-list';
import { MemoryListSkeleton } from './memory-list-skeleton';
import { MemoryToolbar } from './memory-toolbar';
import { QueryErrorPanel } from './query-error-panel';
import { useMemoryFilters } from './use-memory-filters';

export function MemoriesView() {
  const trpc = useTRPC();
  const { data: me } = useQuery(trpc.viewer.me.queryOptions());
  const maxFactChars = me?.tenant.maxFactChars ?? DEFAULT_MAX_FACT_CHARS;
  const { filters, setFilters } = useMemoryFilters();
  // While new results load, keep showing the old ones instead of falling back to the skeleton.
  const deferredQ = useDeferredValue(filters.q);
  const deferredThread = useDeferredValue(filters.thread);
  const updating = deferredQ !== filters.q || deferredThread !== filters.thread;
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const wasAdding = useRef(false);
  useEffect(() => {
    // The form held focus; when it closes, focus goes back to the button that opened it.
    if (wasAdding.current && !adding) addButton.current?.focus();
    wasAdding.current = adding;
  }, [adding]);

  return (
    <section aria-label="Your memories" className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <MemoryToolbar filters={filters} onChange={setFilters} />
        </div>
        <Button ref={addButton} onClick={() => setAdding(true)} disabled={adding} aria-expanded={adding}>
          <span aria-hidden="true">+</span> Add a fact
        </Button>
      </div>

      <div aria-live="polite">
        {notice?.tone === 'success' ? (
          <p className="flex items-start justify-between gap-3 rounded-md border border-emerald-200 bg-emerald-50 px-4 py-2 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100">
            {notice.text}
            <button type="button" className="text-xs underline" onClick={() => setNotice(null)}>
              Dismiss
            </button>
          </p>
        ) : null}
      </div>
      {notice?.tone === 'error' ? (
        <div
          role="alert"
          className="flex items-start justify-between gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100"
        >
          <p>{notice.text}</p>
          <button type="button" className="text-xs underline" onClick={() => setNotice(null)}>
            Dismiss
          </button>
        </div>
      ) : null}

      {adding ? (
        <MemoryForm
          maxFactChars={maxFactChars}
          onCancel={() => setAdding(false)}
          onSaved={(key) => {
            setAdding(false);
            setNotice({ tone: 'success', text: `Saved “${key}”. The assistant will treat it as something you stated.` });
          }}
        />
      ) : null}

      <QueryErrorPanel what="Your memories">
        <Suspense fallback={<MemoryListSkeleton />}>
          <MemoryList
            filters={{ q: deferredQ, thread: deferredThread }}
            updating={updating}
            maxFactChars={maxFactChars}
            onNotice={setNotice}
            onClearFilters={() => setFilters({ q: '', thread: '' })}
          />
        </Suspense>
      </QueryErrorPanel>
    </section>
  );
}
