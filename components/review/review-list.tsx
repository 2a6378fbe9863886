'use client';
// The review queue's groups for the current tab and filters, a page at a time ("Load more" continues
// after the last group shown), with selection for publishing several keys at once. A triage inbox:
// j/k move through the rows (one row in the tab order — roving focus), Enter opens, p publishes,
// d dismisses, s snoozes, x selects, ? lists the shortcuts; a preview beside the list on wide screens.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useTRPC, useTRPCClient } from '@/components/trpc/client';
import type { ReviewGroup } from '@/components/trpc/outputs';
import { DismissGroupDialog } from './dismiss-group-dialog';
import { DEFAULT_REVIEW_MIN, reviewDetailHref, reviewListInput, reviewTabOf, type ReviewFilters } from './review-filters';
import { ReviewGroupCard } from './review-group-card';
import { ReviewListSkeleton } from './review-list-skeleton';
import { ReviewPreview } from './review-preview';
import { ShortcutsDialog, useTriageKeys, type TriageAction } from './review-shortcuts';
import { SnoozeGroupDialog } from './snooze-group-dialog';
import { useReviewDismissal } from './use-review-dismissal';
import { useReviewSnooze } from './use-review-snooze';
import { useFocusAfterRender } from '@/components/ui/use-focus-after-render';

// The publish dialogs' code loads when one opens: with the diff, the reach and the forecast they
// are a good part of the page's own code (docs/benchmarks.md "First-load JavaScript").
const PromoteDialog = lazy(() => import('./promote-dialog').then((module) => ({ default: module.PromoteDialog })));
const BulkPromoteDialog = lazy(() => import('./bulk-promote-dialog').then((module) => ({ default: module.BulkPromoteDialog })));

const idOf = (group: ReviewGroup) => `${group.tenantRef}/${group.key}`;

export function ReviewList({
  filters,
  onNotice,
  onClearFilters,
}: {
  filters: ReviewFilters;
  onNotice: (tone: 'success' | 'error', text: string) => void;
  onClearFilters: () => void;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const input = reviewListInput(filters);
  const query = useInfiniteQuery({
    queryKey: [...trpc.review.list.queryKey(input), { after: filters.after }],
    queryFn: ({ pageParam }) => client.review.list.query({ ...input, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: filters.after || null,
    getNextPageParam: (page) => page.next,
    throwOnError: true,
  });
  const [selected, setSelected] = useState<Map<string, ReviewGroup>>(new Map());
  const [publishing, setPublishing] = useState<ReviewGroup | null>(null);
  const [bulkPublishing, setBulkPublishing] = useState(false);
  const [dismissing, setDismissing] = useState<ReviewGroup | null>(null);
  const [snoozing, setSnoozing] = useState<ReviewGroup | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const { dismiss, restore } = useReviewDismissal({ onDone: onNotice });
  const { snooze, unsnooze } = useReviewSnooze({ onDone: onNotice });
  const router = useRouter();
  const [activeId, setActiveId] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const rows = useRef(new Map<string, HTMLLIElement>());

  const groups = query.data?.pages.flatMap((page) => page.groups) ?? [];
  // The row the keyboard is on; the first row until one is chosen, or when the chosen one has left.
  const activeIndex = Math.max(
    0,
    groups.findIndex((group) => idOf(group) === activeId),
  );
  const active = groups[activeIndex];

  const toggle = (group: ReviewGroup, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(idOf(group), group);
      else next.delete(idOf(group));
      return next;
    });

  /** After a row leaves the list: the next row takes focus (triage goes on), or the heading when none is left. */
  const focusAfterLeaving = (group: ReviewGroup) => {
    const index = groups.findIndex((candidate) => idOf(candidate) === idOf(group));
    const next = groups[index + 1] ?? groups[index - 1];
    if (next) setActiveId(idOf(next));
    focusAfterRender(next ? { current: rows.current.get(idOf(next)) ?? null } : heading);
  };

  const unsnoozeRow = (group: ReviewGroup) => {
    unsnooze.mutate({ key: group.key, tenantRef: group.tenantRef, expectedVersion: group.snoozeVersion });
    focusAfterLeaving(group);
  };

  const moveTo = (index: number) => {
    const group = groups[Math.min(groups.length - 1, Math.max(0, index))];
    if (!group) return;
    setActiveId(idOf(group));
    rows.current.get(idOf(group))?.focus();
  };

  useTriageKeys(
    (action: TriageAction) => {
      if (action === 'help') return setHelpOpen(true);
      if (!active) return;
      // The first j or k from elsewhere on the page lands on the current row; then they move.
      const inList = [...rows.current.values()].some((row) => row.contains(document.activeElement));
      if (action === 'next') return moveTo(inList ? activeIndex + 1 : activeIndex);
      if (action === 'previous') return moveTo(inList ? activeIndex - 1 : activeIndex);
      if (action === 'open') return router.push(reviewDetailHref(active, filters));
      if (action === 'publish') return setPublishing(active);
      if (action === 'select') return toggle(active, !selected.has(idOf(active)));
      if (action === 'snooze') {
        if (active.snoozedUntil) return unsnoozeRow(active);
        if (!active.dismissedAt && active.publishedState === 'unpublished') setSnoozing(active);
        return;
      }
      if (action === 'dismiss') {
        if (!active.dismissedAt) return setDismissing(active);
        restore.mutate({ key: active.key, tenantRef: active.tenantRef });
        heading.current?.focus();
      }
    },
    (target) => target instanceof HTMLElement && target.hasAttribute('data-review-row'),
  );

  if (query.isPending) return <ReviewListSkeleton />;
  const filtered = Boolean(input.q || input.prefix || input.age || filters.min !== DEFAULT_REVIEW_MIN || filters.after);
  const tab = reviewTabOf(filters);

  if (groups.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center dark:border-slate-700 dark:bg-slate-900">
        <p className="font-medium">
          {filtered
            ? tab === 'review'
              ? 'Nothing to review matches these filters'
              : 'Nothing here matches these filters'
            : tab === 'published'
              ? 'Nothing published yet'
              : tab === 'snoozed'
                ? 'Nothing snoozed'
                : tab === 'dismissed'
                  ? 'Nothing marked as not worth publishing'
                  : 'Nothing to review right now'}
        </p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {filtered
            ? 'Try other words or fewer filters.'
            : tab === 'review'
              ? 'When the assistant concludes the same about several people in your organisation, it shows up here, grouped by key. Keys only one person holds are left out: choose “Any number of people” to see them.'
              : tab === 'snoozed'
                ? 'Snooze a key (s) to look at it later; it comes back to To review by itself.'
                : 'Keys land here once they are decided.'}
        </p>
        {filtered ? (
          <Button variant="secondary" className="mt-4" onClick={onClearFilters}>
            Clear filters
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <div className="space-y-3" aria-busy={query.isFetching || undefined}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 ref={heading} tabIndex={-1} className="text-sm font-semibold text-slate-700 dark:text-slate-300">
          {groups.length === 1 ? '1 key' : `${groups.length} keys`} shown{query.hasNextPage ? ', more below' : ''}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="ghost" onClick={() => setHelpOpen(true)} aria-keyshortcuts="?">
            Keyboard shortcuts <kbd className="ml-1 font-mono text-xs">?</kbd>
          </Button>
          <Button variant="secondary" disabled={selected.size === 0} onClick={() => setBulkPublishing(true)}>
            Publish selected… ({selected.size})
          </Button>
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ul
          aria-label="Keys to review"
          aria-keyshortcuts="j k Enter p d s x"
          className="divide-y divide-slate-100 self-start rounded-lg border border-slate-200 bg-white shadow-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
        >
          {groups.map((group) => (
            <ReviewGroupCard
              key={idOf(group)}
              ref={(element) => {
                if (element) rows.current.set(idOf(group), element);
                else rows.current.delete(idOf(group));
              }}
              group={group}
              filters={filters}
              active={group === active}
              onActivate={() => setActiveId(idOf(group))}
              selected={selected.has(idOf(group))}
              onSelect={(on) => toggle(group, on)}
              onPublish={() => setPublishing(group)}
              onDismiss={() => setDismissing(group)}
              onSnooze={() => setSnoozing(group)}
              onUnsnooze={() => unsnoozeRow(group)}
              onRestore={() => {
                restore.mutate({ key: group.key, tenantRef: group.tenantRef });
                // The card leaves the list of dismissed keys; continue from the list's heading.
                heading.current?.focus();
              }}
            />
          ))}
        </ul>
        <ReviewPreview group={active} filters={filters} />
      </div>
      {query.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
      {publishing ? (
        <Suspense fallback={null}>
          <PromoteDialog
            group={publishing}
            onClose={(published) => {
              setPublishing(null);
              if (published) onNotice('success', `Published “${published.key}”: ${published.text}`);
              // The dialog leaves the page with its opener possibly gone: continue from the list's heading.
              focusAfterRender(heading);
            }}
          />
        </Suspense>
      ) : null}
      {bulkPublishing ? (
        <Suspense fallback={null}>
          <BulkPromoteDialog
            groups={[...selected.values()]}
            onClose={() => {
              setBulkPublishing(false);
              setSelected(new Map());
              focusAfterRender(heading);
            }}
          />
        </Suspense>
      ) : null}
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      <SnoozeGroupDialog
        group={snoozing}
        onCancel={() => setSnoozing(null)}
        onConfirm={(group, until) => {
          setSnoozing(null);
          snooze.mutate({ key: group.key, tenantRef: group.tenantRef, until: until.toISOString(), expectedVersion: group.snoozeVersion });
          focusAfterLeaving(group);
        }}
      />
      <DismissGroupDialog
        group={dismissing}
        onCancel={() => setDismissing(null)}
        onConfirm={(group) => {
          setDismissing(null);
          dismiss.mutate({ key: group.key, tenantRef: group.tenantRef });
          // The card that held focus leaves the list: continue with the next row (triage goes on),
          // or from the list's heading when it was the only one.
          focusAfterLeaving(group);
        }}
      />
    </div>
  );
}
