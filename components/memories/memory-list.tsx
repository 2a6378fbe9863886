'use client';
// The memories that apply to the person, one row per key, for the current filters.
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useTRPC } from '@/components/trpc/client';
import { DEFAULT_MAX_MEMORIES } from '@/server/domain';
import type { ForgetRequest } from './forget-memory-dialog';
import { isFiltered, listInput, type MemoryFilters } from './memory-filters';
import { LoadMore } from './load-more';
import { MemoryRow } from './memory-row';
import { useMemoryPages } from './use-memory-pages';
import { useForgetMemory } from './use-forget-memory';
import { cn } from '@/components/ui/cn';
import { errorMessage } from '@/components/trpc/errors';
import { bulkResultText, countOf, SelectAllBox, useSelection } from '@/components/life/bulk-selection';
import type { BulkRequest } from '@/components/life/bulk-forget-dialog';
import { useRefreshMemories } from './use-refresh-memories';
import { quoteOf, rowsInServerHtml } from './memory-wording';
import { useShownOnce } from './use-shown-once';
import { useInBrowser } from '@/components/ui/use-in-browser';

// Shown only on request (a conversation filter, a batch to confirm): their code loads then
// (docs/benchmarks.md "First-load JavaScript").
const ForgetConversationButton = lazy(() =>
  import('@/components/life/forget-conversation-button').then((module) => ({ default: module.ForgetConversationButton })),
);
const ForgetMemoryDialog = lazy(() => import('./forget-memory-dialog').then((module) => ({ default: module.ForgetMemoryDialog })));
const BulkActionBar = lazy(() => import('@/components/life/bulk-action-bar').then((module) => ({ default: module.BulkActionBar })));
const BulkForgetDialog = lazy(() =>
  import('@/components/life/bulk-forget-dialog').then((module) => ({ default: module.BulkForgetDialog })),
);

export interface Notice {
  tone: 'success' | 'error';
  text: string;
}

export function MemoryList({
  filters,
  updating,
  maxFactChars,
  onNotice,
  onClearFilters,
  justSaved,
}: {
  filters: MemoryFilters;
  /** The key a save from the add form just wrote (a new object per save): scrolled to, focused and marked. */
  justSaved: { key: string } | null;
  /** The filters changed and the new results are on their way; the old ones stay visible meanwhile. */
  updating: boolean;
  maxFactChars: number;
  onNotice: (notice: Notice) => void;
  onClearFilters: () => void;
}) {
  const trpc = useTRPC();
  const { data: me } = useQuery(trpc.viewer.me.queryOptions());
  const maxMemories = me?.tenant.maxMemories ?? DEFAULT_MAX_MEMORIES;
  const { query, memories: loaded, totals } = useMemoryPages(filters);
  const inBrowser = useInBrowser();
  // The server writes a large screenful of rows (rowsInServerHtml); the browser draws the rest.
  const memories = inBrowser ? loaded : loaded.slice(0, rowsInServerHtml(loaded));
  const [confirming, setConfirming] = useState<ForgetRequest | null>(null);
  const askedToForget = useShownOnce(confirming !== null);
  const heading = useRef<HTMLHeadingElement>(null);
  // After a delete, focus continues at the row that took the deleted one's place (or the heading),
  // once the list without it is committed.
  const focusAfterDelete = useRef<{ gone: string; next: string | null } | null>(null);
  useEffect(() => {
    const pending = focusAfterDelete.current;
    if (!pending || memories.some((memory) => memory.id === pending.gone)) return;
    focusAfterDelete.current = null;
    const next = pending.next ? document.getElementById(`memory-${pending.next}`) : null;
    (next ?? heading.current)?.focus();
  }, [memories]);
  // A failed delete is said beside its row, which is back in the list, or above the list when the
  // memory is gone anyway (deleted elsewhere).
  const [failed, setFailed] = useState<{ id: string; text: string } | null>(null);
  const forget = useForgetMemory({
    onFailure: ({ message, gone }, id) => {
      focusAfterDelete.current = null;
      if (!gone) return setFailed({ id, text: message });
      onNotice({ tone: 'error', text: message });
      heading.current?.focus();
    },
  });
  const [showKeys, setShowKeys] = useState(false);
  // After the add form saves, its row is scrolled to and focused (once the list holds it), and marked
  // for a moment.
  const shownSave = useRef<{ key: string } | null>(null);
  useEffect(() => {
    if (!justSaved || shownSave.current === justSaved) return;
    const saved = document.querySelector<HTMLElement>(`[data-memory-key="${CSS.escape(justSaved.key)}"]`);
    if (!saved) return;
    shownSave.current = justSaved;
    saved.focus({ preventScroll: true });
    saved.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [justSaved, memories]);
  const filtered = isFiltered(filters);
  const refresh = useRefreshMemories();
  // Counts say what the page holds once it is interactive, so the server's HTML says the same and
  // nothing changes (or is announced) when the browser draws the rest of the first page.
  const ownShown = loaded.filter((memory) => memory.mine).map((memory) => memory.id);
  const selection = useSelection(ownShown);
  const [bulk, setBulk] = useState<BulkRequest | null>(null);
  const act = useMutation(trpc.memories.act.mutationOptions());
  const runBulk = ({ action, ids }: BulkRequest) => {
    setBulk(null);
    const past = action === 'forget' ? 'Forgot' : 'Muted';
    act.mutate(
      { ids, action },
      {
        onSuccess: (result) => {
          selection.clear();
          void refresh().then(() => {
            onNotice({
              tone: 'success',
              text: bulkResultText(result.counts, past, 'memory', 'only your own memories can be changed here'),
            });
            heading.current?.focus();
          });
        },
        onError: (error) => {
          void refresh();
          onNotice({
            tone: 'error',
            text: errorMessage(error, `${countOf(ids.length, 'memory')} could not be changed. Nothing was changed.`),
          });
          heading.current?.focus();
        },
      },
    );
  };

  return (
    <div aria-busy={updating || undefined}>
      <div className="mb-2 flex items-baseline justify-between gap-4">
        <h2 ref={heading} tabIndex={-1} className="text-sm font-semibold text-slate-700 dark:text-slate-300">
          {totals.all === 1 ? '1 memory' : `${totals.all.toLocaleString('en-GB')} memories`}
          {filtered ? ' match' : ''}
          <span className="font-normal text-slate-600 dark:text-slate-400">
            {' '}
            · {totals.yours.toLocaleString('en-GB')} of them yours to change
          </span>
        </h2>
        <div className="flex items-baseline gap-3 text-xs text-slate-600 dark:text-slate-400">
          {updating ? <span>Updating…</span> : null}
          <details className="relative">
            <summary className="cursor-pointer rounded underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500">
              Advanced
            </summary>
            <label className="absolute right-0 z-10 mt-1 flex w-max items-center gap-2 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-800 shadow-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
              <input
                type="checkbox"
                className="size-4 accent-indigo-600"
                checked={showKeys}
                onChange={(event) => setShowKeys(event.target.checked)}
              />
              Show the key each memory is stored under
            </label>
          </details>
        </div>
      </div>
      {listInput(filters).threadId ? (
        <Suspense fallback={null}>
          <ForgetConversationButton
            threadId={listInput(filters).threadId!}
            onDone={(text, tone) => {
              onNotice({ tone, text });
              heading.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
      {ownShown.length > 0 ? (
        <div className="mb-2">
          <SelectAllBox shown={ownShown.length} selected={selection.ids.length} onChange={selection.setAll} noun="memory" />
        </div>
      ) : null}
      {memories.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center dark:border-slate-700 dark:bg-slate-900">
          {filtered ? (
            <>
              <p className="font-medium">No memories match these filters</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Try another word, or show everything again.</p>
              <Button variant="secondary" className="mt-4" onClick={onClearFilters}>
                Clear filters
              </Button>
            </>
          ) : (
            <>
              <p className="font-medium">The assistant holds nothing about you yet</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                Facts you state and conclusions it draws in conversations will appear here. You can add one yourself.
              </p>
            </>
          )}
        </div>
      ) : (
        <ul
          aria-label="Memories"
          className={cn(
            'divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm transition-opacity dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900',
            updating && 'opacity-60',
          )}
        >
          {memories.map((memory) => (
            <MemoryRow
              key={memory.id}
              memory={memory}
              maxFactChars={maxFactChars}
              maxMemories={maxMemories}
              showKey={showKeys}
              highlighted={justSaved?.key === memory.key}
              error={failed?.id === memory.id ? failed.text : null}
              onDismissError={() => setFailed(null)}
              onForget={(request) => {
                setFailed(null);
                setConfirming(request);
              }}
              onSaved={() => onNotice({ tone: 'success', text: 'Saved your change.' })}
              onNotice={onNotice}
              selection={memory.mine ? { checked: selection.has(memory.id), onChange: (on) => selection.toggle(memory.id, on) } : undefined}
            />
          ))}
        </ul>
      )}
      {memories.length > 0 ? (
        <LoadMore
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          // Once per page: an ask made before the last page arrived is not one for the next, and
          // an ask while a page is on its way waits for it rather than starting it over.
          onLoad={(shown) => {
            if (shown === loaded.length) void query.fetchNextPage({ cancelRefetch: false });
          }}
          shown={loaded.length}
          total={totals.all}
          noun={totals.all === 1 ? 'memory' : 'memories'}
        />
      ) : null}
      {selection.ids.length > 0 ? (
        <Suspense fallback={null}>
          <BulkActionBar
            count={selection.ids.length}
            noun="memory"
            busy={act.isPending}
            onClear={selection.clear}
            actions={[
              { verb: 'Mute', onClick: () => setBulk({ action: 'mute', ids: selection.ids }) },
              { verb: 'Forget', tone: 'danger', onClick: () => setBulk({ action: 'forget', ids: selection.ids }) },
            ]}
          />
        </Suspense>
      ) : null}
      {bulk ? (
        <Suspense fallback={null}>
          <BulkForgetDialog request={bulk} onCancel={() => setBulk(null)} onConfirm={runBulk} />
        </Suspense>
      ) : null}
      {askedToForget ? (
        <Suspense fallback={null}>
          <ForgetMemoryDialog
            // The row as the list shows it now (a refresh may have landed since the dialog opened).
            request={
              confirming && { ...confirming, memory: memories.find((shown) => shown.id === confirming.memory.id) ?? confirming.memory }
            }
            onCancel={() => setConfirming(null)}
            onConfirm={({ memory, intent }) => {
              setConfirming(null);
              const index = memories.findIndex((shown) => shown.id === memory.id);
              const next = memories[index + 1] ?? null;
              focusAfterDelete.current = { gone: memory.id, next: next?.id ?? null };
              forget.mutate(
                { id: memory.id },
                {
                  onSuccess: () =>
                    onNotice({
                      tone: 'success',
                      text:
                        intent === 'useTheirs'
                          ? `Deleted the assistant’s guess ${quoteOf(memory.text)}; the shared value applies to you now.`
                          : `Deleted ${quoteOf(memory.text)}. The assistant no longer holds it.`,
                    }),
                },
              );
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
