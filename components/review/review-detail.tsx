'use client';
// Everything behind one key of the review queue: its wordings, what is published, and every
// conclusion — whose, which wording, from which conversation, when.
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { QueryErrorPanel } from '@/components/memories/query-error-panel';
import { RelativeTime } from '@/components/memories/relative-time';
import { PageHeader } from '@/components/shell/page-header';
import { Button } from '@/components/ui/button';
import { useTRPC } from '@/components/trpc/client';
import { ClusterList } from './cluster-list';
import { reviewListHref } from './review-filters';
import { PromoteDialog } from './promote-dialog';
import { PublishedNote } from './published-note';
import { ReviewListSkeleton } from './review-list-skeleton';

function DetailBody({ groupKey, tenantRef }: { groupKey: string; tenantRef?: string }) {
  const trpc = useTRPC();
  const { data: group } = useQuery({ ...trpc.review.detail.queryOptions({ key: groupKey, tenantRef }), throwOnError: true });
  const [publishing, setPublishing] = useState(false);
  if (!group) return <ReviewListSkeleton />;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {group.people === 1 ? '1 person' : `${group.people} people`} in {group.tenantRef} · changed <RelativeTime iso={group.newestAt} />
          {group.dismissedAt ? ' · marked as not worth publishing' : ''}
        </p>
        <Button onClick={() => setPublishing(true)}>Publish…</Button>
      </div>
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
        {group.instanceCount > group.instances.length ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            The {group.instances.length} most recent of {group.instanceCount}.
          </p>
        ) : null}
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {group.instances.map((instance) => (
            <li key={instance.memoryId} className="space-y-1 p-4">
              <p className="font-medium">{instance.personName ?? `Person ${instance.actorRef}`}</p>
              <q className="block break-words">{instance.text}</q>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {instance.conversation === null
                  ? 'No conversation recorded'
                  : instance.conversation.available
                    ? `From the conversation “${instance.conversation.title}”`
                    : 'From a conversation that is no longer available'}{' '}
                · changed <RelativeTime iso={instance.updatedAt} />
              </p>
            </li>
          ))}
        </ul>
      </section>
      {publishing ? <PromoteDialog group={group} onClose={() => setPublishing(false)} /> : null}
    </div>
  );
}

export function ReviewDetail({ groupKey, tenantRef }: { groupKey: string; tenantRef?: string }) {
  return (
    <>
      <Link href={reviewListHref(useSearchParams())} className="text-sm text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
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
