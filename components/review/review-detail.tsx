'use client';
// Everything behind one key of the review queue: its wordings, what is published, and every
// conclusion — whose, which wording, from which conversation, when — a page at a time. The key's
// own actions are here as in the queue: publish, snooze or unsnooze, dismiss or put back.
import { useInfiniteQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { QueryErrorPanel } from '@/components/memories/query-error-panel';
import { RelativeTime } from '@/components/memories/relative-time';
import { PageHeader } from '@/components/shell/page-header';
import { Button } from '@/components/ui/button';
import { FormMessage, type FormMessageValue } from '@/components/ui/form-message';
import { useTRPC } from '@/components/trpc/client';
import { scopeName } from '@/components/glossary';
import { useScopeNames } from '@/components/facts/use-scope-names';
import { ClusterList } from './cluster-list';
import { DismissGroupDialog } from './dismiss-group-dialog';
import { reviewListHref } from './review-filters';
import { PromoteDialog } from './promote-dialog';
import { PublishedNote } from './published-note';
import { ReviewInstances } from './review-instances';
import { ReviewListSkeleton } from './review-list-skeleton';
import { SnoozeGroupDialog } from './snooze-group-dialog';
import { snoozeWhenWords, useReviewSnooze } from './use-review-snooze';
import { useReviewDismissal } from './use-review-dismissal';

function DetailBody({ groupKey, tenantRef }: { groupKey: string; tenantRef?: string }) {
  const trpc = useTRPC();
  const query = useInfiniteQuery({
    ...trpc.review.detail.infiniteQueryOptions({ key: groupKey, tenantRef }, { getNextPageParam: (page) => page.next }),
    throwOnError: true,
  });
  const [publishing, setPublishing] = useState(false);
  const [snoozing, setSnoozing] = useState(false);
  const [dismissing, setDismissing] = useState(false);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const onDone = (tone: 'success' | 'error', text: string) => setMessage({ tone: tone === 'success' ? 'ok' : 'error', text });
  const { snooze, unsnooze } = useReviewSnooze({ onDone });
  const { dismiss, restore } = useReviewDismissal({ onDone });
  const names = useScopeNames();
  // The group as the first page describes it; the conclusions of every page loaded so far.
  const group = query.data?.pages[0];
  if (!group) return <ReviewListSkeleton />;
  const pages = query.data!.pages;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {group.people === 1 ? '1 person' : `${group.people} people`} in {scopeName(`tenant:${group.tenantRef}`, names)} · changed{' '}
          <RelativeTime iso={group.newestAt} />
          {group.dismissedAt ? ' · marked as not worth publishing' : ''}
          {group.snoozedUntil ? ` · snoozed until ${snoozeWhenWords(group.snoozedUntil)}` : ''}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setPublishing(true)}>Publish…</Button>
          {group.snoozedUntil ? (
            <Button
              variant="secondary"
              disabled={unsnooze.isPending}
              onClick={() => unsnooze.mutate({ key: group.key, tenantRef: group.tenantRef, expectedVersion: group.snoozeVersion })}
            >
              Unsnooze
            </Button>
          ) : !group.dismissedAt && group.publishedState === 'unpublished' ? (
            <Button variant="ghost" onClick={() => setSnoozing(true)}>
              Snooze…
            </Button>
          ) : null}
          {group.dismissedAt ? (
            <Button
              variant="secondary"
              disabled={restore.isPending}
              onClick={() => restore.mutate({ key: group.key, tenantRef: group.tenantRef })}
            >
              Put back in the queue
            </Button>
          ) : (
            <Button variant="ghost" onClick={() => setDismissing(true)}>
              Not worth publishing…
            </Button>
          )}
        </div>
      </div>
      <FormMessage message={message} />
      <section aria-labelledby="wordings" className="space-y-2">
        <h2 id="wordings" className="text-lg font-semibold">
          Wordings
        </h2>
        <ClusterList clusters={group.clusters} />
        <PublishedNote group={group} />
      </section>
      <section aria-labelledby="conclusions" className="space-y-2">
        <h2 id="conclusions" className="text-lg font-semibold">
          Each conclusion
        </h2>
        <ReviewInstances
          instances={pages.flatMap((page) => page.instances)}
          // Every page answers with the count at its time; the newest answer counts.
          total={pages.at(-1)!.instanceCount}
          paged={pages.length > 1 || query.hasNextPage}
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onLoadMore={() => query.fetchNextPage()}
        />
      </section>
      {publishing ? <PromoteDialog group={group} onClose={() => setPublishing(false)} /> : null}
      <SnoozeGroupDialog
        group={snoozing ? group : null}
        onCancel={() => setSnoozing(false)}
        onConfirm={(chosen, until) => {
          setSnoozing(false);
          snooze.mutate({
            key: chosen.key,
            tenantRef: chosen.tenantRef,
            until: until.toISOString(),
            expectedVersion: chosen.snoozeVersion,
          });
        }}
      />
      <DismissGroupDialog
        group={dismissing ? group : null}
        onCancel={() => setDismissing(false)}
        onConfirm={(chosen) => {
          setDismissing(false);
          dismiss.mutate({ key: chosen.key, tenantRef: chosen.tenantRef });
        }}
      />
    </div>
  );
}

export function ReviewDetail({ groupKey, tenantRef }: { groupKey: string; tenantRef?: string }) {
  return (
    <>
      <Link
        href={reviewListHref(useSearchParams())}
        className="text-sm text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
      >
        ← Back to the review queue
      </Link>
      <div className="mt-3">
        <PageHeader title={groupKey} description="What the assistant concluded under this key, person by person." />
      </div>
      <QueryErrorPanel what="This key">
        <DetailBody groupKey={groupKey} tenantRef={tenantRef} />
      </QueryErrorPanel>
    </>
  );
}
