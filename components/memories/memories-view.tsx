'use client';
// The body of "My memories": on the left (or first, on a phone) a summary of the next turn, the
// search, the add form and the list; beside it (or after it) the preview and the person's own data
// (export, forget everything). The notices report what a change did, or why it did not happen.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useTRPC } from '@/components/trpc/client';
import { DEFAULT_MAX_FACT_CHARS } from '@/server/domain';
import { AssistantPreviewSection } from './assistant-preview-section';
import { ExportMemoriesButton } from './export-memories-button';
import { ForgetEverythingButton, memoriesCount } from './forget-everything-button';
import { LazyMemoryForm } from './lazy-memory-form';
import { MemoryList, type Notice } from './memory-list';
import { MemoryListSkeleton } from './memory-list-skeleton';
import { MemoryToolbar } from './memory-toolbar';
import { PreviewSummary } from './preview-summary';
import { QueryErrorPanel } from './query-error-panel';
import { QuietBoundary } from './quiet-boundary';
import { SharedLegend } from './shared-legend';
import { useMemoryFilters } from './use-memory-filters';
import { useMemoryTotals } from './use-memory-totals';
import { useShownOnce } from './use-shown-once';

// "Still true?" and "Muted and expired" load their code only for a person who has something in them
// (docs/benchmarks.md "First-load JavaScript"); once shown, they stay for the visit.
const StillTruePanel = lazy(() => import('@/components/life/still-true-panel').then((module) => ({ default: module.StillTruePanel })));
// What "Forget everything" leaves, shown once it is done.
const ForgottenPanel = lazy(() => import('./forgotten-panel').then((module) => ({ default: module.ForgottenPanel })));
const MutedAndExpired = lazy(() => import('@/components/life/muted-and-expired').then((module) => ({ default: module.MutedAndExpired })));

export function MemoriesView() {
  const trpc = useTRPC();
  const stillTrue = useQuery({ ...trpc.memories.stillTrue.queryOptions(), staleTime: Infinity, refetchOnWindowFocus: false });
  const asking = useShownOnce((stillTrue.data?.questions.length ?? 0) > 0);
  const inactive = useQuery(trpc.memories.inactive.queryOptions());
  const holdsInactive = useShownOnce((inactive.data?.muted.length ?? 0) + (inactive.data?.expired.length ?? 0) > 0);
  const { data: me } = useQuery(trpc.viewer.me.queryOptions());
  const maxFactChars = me?.tenant.maxFactChars ?? DEFAULT_MAX_FACT_CHARS;
  const { filters, setFilters } = useMemoryFilters();
  // While new results load, keep showing the old ones (marked as updating) instead of the skeleton.
  const deferredQ = useDeferredValue(filters.q);
  const deferredThread = useDeferredValue(filters.thread);
  const [typing, setTyping] = useState(false);
  const updating = typing || deferredQ !== filters.q || deferredThread !== filters.thread;
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [justSaved, setJustSaved] = useState<{ key: string } | null>(null);
  // A new object per forget, so a second one with the same count moves focus again.
  const [forgotten, setForgotten] = useState<{ deleted: number } | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const wasAdding = useRef(false);
  useEffect(() => {
    // The form held focus; when it is cancelled, focus goes back to the button that opened it (after a
    // save, the list moves it to the saved row).
    if (wasAdding.current && !adding && !justSaved) addButton.current?.focus();
    wasAdding.current = adding;
  }, [adding, justSaved]);

  return (
    <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
      <section id="memories-top" aria-label="Your memories" className="min-w-0 scroll-mt-4 space-y-4">
        {forgotten !== null ? (
          <Suspense fallback={null}>
            <ForgottenPanel
              result={forgotten}
              onDismiss={() => {
                setForgotten(null);
                // The panel and its button are gone: continue from the next control on the page.
                addButton.current?.focus();
              }}
            />
          </Suspense>
        ) : null}

        <PreviewSummary />

        {asking ? (
          <Suspense fallback={null}>
            <StillTruePanel />
          </Suspense>
        ) : null}

        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-0 basis-full sm:flex-1 sm:basis-auto">
            <MemoryToolbar filters={filters} onChange={setFilters} onTypingChange={setTyping} />
          </div>
          <Button
            ref={addButton}
            onClick={() => {
              setJustSaved(null);
              setAdding(true);
            }}
            disabled={adding}
            aria-expanded={adding}
          >
            <span aria-hidden="true">+</span> Add a memory
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
          <LazyMemoryForm
            maxFactChars={maxFactChars}
            onCancel={() => setAdding(false)}
            onSaved={(key) => {
              setAdding(false);
              setJustSaved({ key });
              setNotice({ tone: 'success', text: 'Saved. The assistant will treat it as something you stated.' });
            }}
          />
        ) : null}

        <QuietBoundary>
          <SharedLegendIfShared />
        </QuietBoundary>

        <QueryErrorPanel what="Your memories">
          <Suspense fallback={<MemoryListSkeleton />}>
            <MemoryList
              filters={{ q: deferredQ, thread: deferredThread }}
              updating={updating}
              maxFactChars={maxFactChars}
              onNotice={setNotice}
              onClearFilters={() => setFilters({ q: '', thread: '' })}
              justSaved={justSaved}
            />
          </Suspense>
        </QueryErrorPanel>
      </section>

      <aside aria-label="Preview of the next turn, and your data" className="min-w-0 space-y-6">
        <AssistantPreviewSection />
        {holdsInactive ? (
          <QueryErrorPanel what="Muted and expired memories">
            <Suspense fallback={null}>
              <MutedAndExpired />
            </Suspense>
          </QueryErrorPanel>
        ) : null}
        <section
          aria-labelledby="your-data-heading"
          className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="your-data-heading" className="text-base font-semibold">
            Your data
          </h2>
          <QueryErrorPanel what="Your data">
            <Suspense fallback={<p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Counting what is held about you…</p>}>
              <YourData onForgotten={(deleted) => setForgotten({ deleted })} />
            </Suspense>
          </QueryErrorPanel>
        </section>
      </aside>
    </div>
  );
}

function SharedLegendIfShared() {
  const totals = useMemoryTotals();
  return totals.all > totals.yours ? <SharedLegend /> : null;
}

/** Export, and "Forget everything" while something of the person's own is held. */
function YourData({ onForgotten }: { onForgotten: (deleted: number) => void }) {
  const { yours } = useMemoryTotals();
  const countId = useId();
  return (
    <>
      <p id={countId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {yours === 0
          ? 'Nothing is held about you personally.'
          : `${memoriesCount(yours)} ${yours === 1 ? 'is' : 'are'} held about you personally.`}
      </p>
      <div className="mt-3 flex flex-col items-start gap-2">
        <ExportMemoriesButton />
        {yours > 0 ? <ForgetEverythingButton ownCount={yours} countId={countId} onForgotten={onForgotten} /> : null}
      </div>
    </>
  );
}
