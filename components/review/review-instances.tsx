'use client';
// A review group's conclusions, a page at a time (docs/features.md "Review queue", "Details"):
// whose, which wording, from which conversation, when — and "Show more conclusions" until every one
// is shown.
import { useRef, useState } from 'react';
import { RelativeTime } from '@/components/memories/relative-time';
import { Button } from '@/components/ui/button';
import { useFocusAfterRender } from '@/components/ui/use-focus-after-render';
import type { ReviewGroupDetail } from '@/components/trpc/outputs';

type ReviewInstance = ReviewGroupDetail['instances'][number];

function origin(instance: ReviewInstance): string {
  if (instance.conversation === null) return 'No conversation recorded';
  return instance.conversation.available
    ? `From the conversation “${instance.conversation.title}”`
    : 'From a conversation that is no longer available';
}

export function ReviewInstances({
  instances,
  total,
  paged,
  hasMore,
  loading,
  onLoadMore,
}: {
  instances: ReviewInstance[];
  /** How many conclusions the group holds in all. */
  total: number;
  /** Whether the group takes more than one page (then the list says how many it shows). */
  paged: boolean;
  hasMore: boolean;
  loading: boolean;
  /** Loads the next page; resolves once it is in `instances`. */
  onLoadMore: () => Promise<unknown>;
}) {
  // The first row a "Show more conclusions" added: focus moves there once it is on the page.
  const [firstNew, setFirstNew] = useState<number | null>(null);
  const firstNewRow = useRef<HTMLLIElement>(null);
  const focusAfterRender = useFocusAfterRender();

  async function showMore() {
    const from = instances.length;
    await onLoadMore();
    setFirstNew(from);
    focusAfterRender(firstNewRow);
  }

  return (
    <>
      <ul
        aria-label="Conclusions"
        className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
      >
        {instances.map((instance, index) => (
          <li
            key={instance.memoryId}
            ref={index === firstNew ? firstNewRow : undefined}
            tabIndex={index === firstNew ? -1 : undefined}
            className="space-y-1 p-4 focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            <p className="font-medium">{instance.personName ?? `Person ${instance.actorRef}`}</p>
            <q className="block break-words">{instance.text}</q>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {origin(instance)} · changed <RelativeTime iso={instance.updatedAt} />
            </p>
          </li>
        ))}
      </ul>
      {paged ? (
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600 dark:text-slate-400">
          <p aria-live="polite">
            Showing {instances.length.toLocaleString('en-GB')} of {total.toLocaleString('en-GB')} conclusions
          </p>
          {hasMore ? (
            <Button variant="secondary" onClick={() => void showMore()} disabled={loading} aria-busy={loading || undefined}>
              {loading ? 'Loading more conclusions…' : 'Show more conclusions'}
            </Button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
