'use client';
// The review queue's groups for the current filters, a page at a time ("Load more" continues after
// the last group shown), with selection for publishing several keys at once.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useTRPC, useTRPCClient } from '@/components/trpc/client';
import type { ReviewGroup } from '@/components/trpc/outputs';
import { BulkPromoteDialog } from './bulk-promote-dialog';
import { DismissGroupDialog } from './dismiss-group-dialog';
import { PromoteDialog } from './promote-dialog';
import { DEFAULT_REVIEW_MIN, reviewListInput, type ReviewFilters } from './review-filters';
import { ReviewGroupCard } from './review-group-card';
import { ReviewListSkeleton } from './review-list-skeleton';
import { useReviewDismissal } from './use-review-dismissal';
import { useFocusAfterRender } from '@/components/ui/use-focus-after-render';

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
  const heading = useRef<HTMLHeadingElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const { dismiss, restore } = useReviewDismissal({ onDone: onNotice });

  if (query.isPending) return <ReviewListSkeleton />;
  const groups = query.data?.pages.flatMap((page) => page.groups) ?? [];
  const filtered = Boolean(
    input.q || input.prefix || input.age || input.published !== undefined || filters.min !== DEFAULT_REVIEW_MIN || filters.after,
  );

  if (groups.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center dark:border-slate-700 dark:bg-slate-900">
        <p className="font-medium">
          {filtered || filters.dismissed ? 'Nothing to review matches these filters' : 'Nothing to review right now'}
        </p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {filtered || filters.dismissed
            ? 'Try other words or fewer filters.'
            : 'When the assistant concludes the same about several people in your organisation, it shows up here, grouped by key. Keys only one person holds are left out: choose “Any number of people” to see them.'}
        </p>
        {filtered || filters.dismissed ? (
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
        <Button variant="secondary" disabled={selected.size === 0} onClick={() => setBulkPublishing(true)}>
          Publish selected… ({selected.size})
        </Button>
      </div>
      <ul
        aria-label="Keys to review"
        className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
      >
        {groups.map((group) => (
          <ReviewGroupCard
            key={idOf(group)}
            group={group}
            filters={filters}
            selected={selected.has(idOf(group))}
            onSelect={(on) =>
              setSelected((current) => {
                const next = new Map(current);
                if (on) next.set(idOf(group), group);
                else next.delete(idOf(group));
                return next;
              })
            }
            onPublish={() => setPublishing(group)}
            onDismiss={() => setDismissing(group)}
            onRestore={() => {
              restore.mutate({ key: group.key, tenantRef: group.tenantRef });
              // The card leaves the list of dismissed keys; continue from the list's heading.
              heading.current?.focus();
            }}
          />
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
      {publishing ? (
        <PromoteDialog
          group={publishing}
          onClose={(published) => {
            setPublishing(null);
            if (published) onNotice('success', `Published “${published.key}”: ${published.text}`);
            // The dialog leaves the page with its opener possibly gone: continue from the list's heading.
            focusAfterRender(heading);
          }}
        />
      ) : null}
      {bulkPublishing ? (
        <BulkPromoteDialog
          groups={[...selected.values()]}
          onClose={() => {
            setBulkPublishing(false);
            setSelected(new Map());
            focusAfterRender(heading);
          }}
        />
      ) : null}
      <DismissGroupDialog
        group={dismissing}
        onCancel={() => setDismissing(null)}
        onConfirm={(group) => {
          setDismissing(null);
          dismiss.mutate({ key: group.key, tenantRef: group.tenantRef });
          // The card that held focus leaves the list; continue from the list's heading.
          heading.current?.focus();
        }}
      />
    </div>
  );
}
