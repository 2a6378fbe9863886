'use client';
// The Facts page body: search, scope filter and which facts to show (current or expired), the list
// (paged), and the dialogs to publish, edit, pin, delete, extend and inspect a fact. After each
// action focus moves to the notice saying what happened.
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { lazy, Suspense, useDeferredValue, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useTRPC } from '@/components/trpc/client';
import { LoadFailedAlert } from '@/components/memories/query-error-panel';
import type { PublishedFact } from '@/components/trpc/outputs';
import { DeleteFactDialog } from './delete-fact-dialog';
import { FactDetailsDialog, type FactDetails } from './fact-details-dialog';
import { FactFormDialog, type FactFormTarget } from './fact-form-dialog';
import { FactTable } from './fact-table';
import { PinFactDialog } from './pin-fact-dialog';
import { DueForReview } from '@/components/life/due-for-review';
import { SelectAllBox, useSelection } from '@/components/life/bulk-selection';
import { FactBulkControls } from '@/components/life/fact-bulk-dialog';
import { BudgetHealthOfAdministered } from './budget-health';

// Loaded when an administrator picks "Expired facts", not with the page.
const ExpiredFacts = lazy(() => import('./expired-facts').then((module) => ({ default: module.ExpiredFacts })));

const FIELD = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-950';

export function FactsView() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  // `?scope=tenant:hamburg` opens the page filtered (the Operations page's alerts link here).
  const [scope, setScope] = useState(useSearchParams().get('scope') ?? '');
  const [view, setView] = useState<'current' | 'expired'>('current');
  const deferredSearch = useDeferredValue(search.trim());
  const { data: scopes = [] } = useQuery(trpc.facts.scopes.queryOptions());
  const list = useInfiniteQuery(
    trpc.facts.list.infiniteQueryOptions(
      { search: deferredSearch || undefined, scope: scope || undefined, limit: 50, view },
      { getNextPageParam: (page) => page.next },
    ),
  );
  const [form, setForm] = useState<FactFormTarget | null>(null);
  const [pinning, setPinning] = useState<PublishedFact | null>(null);
  const [deleting, setDeleting] = useState<PublishedFact | null>(null);
  const [details, setDetails] = useState<FactDetails | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);

  async function done(text: string) {
    setForm(null);
    setPinning(null);
    setDeleting(null);
    setNotice(text);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.facts.pathKey() }),
      queryClient.invalidateQueries(trpc.review.dueFacts.pathFilter()),
    ]);
    noticeRef.current?.focus();
  }

  const facts = list.data?.pages.flatMap((page) => page.facts) ?? [];
  const editable = facts.filter((fact) => fact.canEdit);
  const selection = useSelection(editable.map((fact) => fact.id));
  return (
    <section aria-label="Published facts" className="space-y-4">
      <BudgetHealthOfAdministered />
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-48">
          <label htmlFor="facts-search" className="block text-sm font-medium">
            Search
          </label>
          <input
            id="facts-search"
            type="search"
            value={search}
            maxLength={200}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Key or text"
            className={FIELD}
          />
        </div>
        <div className="min-w-0 basis-48">
          <label htmlFor="facts-scope" className="block text-sm font-medium">
            Published for
          </label>
          <select id="facts-scope" value={scope} onChange={(event) => setScope(event.target.value)} className={FIELD}>
            <option value="">All</option>
            {scopes.map((option) => (
              <option key={option.scope} value={option.scope}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 basis-40">
          <label htmlFor="facts-view" className="block text-sm font-medium">
            Show
          </label>
          <select
            id="facts-view"
            value={view}
            onChange={(event) => setView(event.target.value === 'expired' ? 'expired' : 'current')}
            className={FIELD}
          >
            <option value="current">Facts in use</option>
            <option value="expired">Expired facts</option>
          </select>
        </div>
        <Button onClick={() => setForm({ mode: 'create' })} disabled={!scopes.some((option) => option.canWrite)}>
          <span aria-hidden="true">+</span> Publish a fact
        </Button>
      </div>

      <div aria-live="polite">
        {notice ? (
          <p
            ref={noticeRef}
            tabIndex={-1}
            className="rounded-md border border-emerald-200 bg-emerald-50 px-4 py-2 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100"
          >
            {notice}
          </p>
        ) : null}
      </div>

      <DueForReview onDone={(text) => void done(text)} />

      {list.isPending ? (
        <p role="status" className="rounded-lg border border-slate-200 p-6 dark:border-slate-800">
          Loading the facts…
        </p>
      ) : null}
      {list.isError ? <LoadFailedAlert what="The facts" error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.isSuccess && facts.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          {view === 'expired'
            ? deferredSearch || scope
              ? 'No expired fact matches this search.'
              : 'No fact has expired in the last 30 days.'
            : deferredSearch || scope
              ? 'No fact matches this search.'
              : 'No facts are published yet. Publish the first one.'}
        </p>
      ) : null}
      {view === 'expired' && facts.length ? (
        <Suspense fallback={<p role="status">Loading the expired facts…</p>}>
          <ExpiredFacts facts={facts} onDone={(text) => void done(text)} />
        </Suspense>
      ) : null}
      {view === 'current' && facts.length ? (
        <SelectAllBox shown={editable.length} selected={selection.ids.length} onChange={selection.setAll} noun="fact" />
      ) : null}
      {view === 'current' && facts.length ? (
        <FactTable
          facts={facts}
          selection={selection}
          actions={{ edit: (fact) => setForm({ mode: 'edit', fact }), pin: setPinning, remove: setDeleting, details: setDetails }}
        />
      ) : null}
      {list.hasNextPage ? (
        <Button variant="secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {list.isFetchingNextPage ? 'Loading…' : 'Show more facts'}
        </Button>
      ) : null}

      <FactBulkControls
        facts={view === 'current' ? editable : []}
        selection={selection}
        actions={['pin', 'unpin', 'confirm', 'mute', 'unmute', 'expire', 'delete']}
        onDone={(text) => void done(text)}
      />
      <FactFormDialog target={form} onSaved={(text) => void done(text)} onCancel={() => setForm(null)} />
      <PinFactDialog fact={pinning} onDone={(text) => void done(text)} onCancel={() => setPinning(null)} />
      <DeleteFactDialog fact={deleting} onDone={(text) => void done(text)} onCancel={() => setDeleting(null)} />
      <FactDetailsDialog details={details} onClose={() => setDetails(null)} />
    </section>
  );
}
