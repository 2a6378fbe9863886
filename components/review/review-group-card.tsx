'use client';
// One key of the review queue as a card: who holds it, its wordings, whether it is published, and
// what an administrator can do with it.
import Link from 'next/link';
import { forwardRef, useId } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import type { ReviewGroup } from '@/components/trpc/outputs';
import { RelativeTime } from '@/components/memories/relative-time';
import { scopeName } from '@/components/glossary';
import { useScopeNames } from '@/components/facts/use-scope-names';
import { ClusterList } from './cluster-list';
import { PublishedNote } from './published-note';
import { reviewDetailHref, type ReviewFilters } from './review-filters';
import { snoozeWhenWords } from './use-review-snooze';

export const ReviewGroupCard = forwardRef<
  HTMLLIElement,
  {
    group: ReviewGroup;
    /** The list's filters, carried to the detail page for its back link. */
    filters: ReviewFilters;
    selected: boolean;
    onSelect: (selected: boolean) => void;
    onPublish: () => void;
    onDismiss: () => void;
    onRestore: () => void;
    onSnooze: () => void;
    onUnsnooze: () => void;
    /** The row the keyboard is on: the one row in the tab order (roving focus), shown in the preview. */
    active: boolean;
    onActivate: () => void;
  }
>(function ReviewGroupCard(
  { group, filters, selected, onSelect, onPublish, onDismiss, onRestore, onSnooze, onUnsnooze, active, onActivate },
  ref,
) {
  const headingId = useId();
  const names = useScopeNames();
  return (
    <li
      ref={ref}
      aria-labelledby={headingId}
      aria-current={active || undefined}
      tabIndex={active ? 0 : -1}
      data-review-row=""
      onFocus={onActivate}
      onClick={onActivate}
      className={cn(
        'space-y-2 px-4 py-3 outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-inset',
        active && 'bg-indigo-50/60 dark:bg-indigo-950/30',
      )}
    >
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={`Select ${group.key}`}
          className="mt-1 size-4 shrink-0 rounded border-slate-300 accent-indigo-600 dark:border-slate-600"
        />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="font-mono text-base font-semibold break-all">
            {group.key}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {group.people === 1 ? '1 person' : `${group.people} people`} ·{' '}
            {group.textCount === 1 ? '1 wording' : `${group.textCount} wordings`} · changed <RelativeTime iso={group.newestAt} /> ·{' '}
            {scopeName(`tenant:${group.tenantRef}`, names)}
          </p>
        </div>
      </div>
      {/* On wide screens the preview beside the list shows the wordings. */}
      <div className="lg:hidden">
        <ClusterList clusters={group.clusters} limit={3} />
      </div>
      <PublishedNote group={group} />
      {group.snoozedUntil ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Snoozed until {snoozeWhenWords(group.snoozedUntil)}, or until the assistant concludes something new about it
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={onPublish} aria-label={`Publish ${group.key}…`}>
          Publish…
        </Button>
        <Link
          href={reviewDetailHref(group, filters)}
          className="inline-flex items-center rounded-md px-3 py-2 text-sm font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
          aria-label={`Details of ${group.key}`}
        >
          Details
        </Link>
        {group.snoozedUntil ? (
          <Button variant="secondary" onClick={onUnsnooze} aria-label={`Unsnooze ${group.key}`}>
            Unsnooze
          </Button>
        ) : !group.dismissedAt && group.publishedState === 'unpublished' ? (
          <Button variant="ghost" onClick={onSnooze} aria-label={`Snooze ${group.key}…`}>
            Snooze…
          </Button>
        ) : null}
        {group.dismissedAt ? (
          <Button variant="secondary" onClick={onRestore} aria-label={`Put ${group.key} back in the queue`}>
            Put back in the queue
          </Button>
        ) : (
          <Button variant="ghost" onClick={onDismiss} aria-label={`Mark ${group.key} as not worth publishing`}>
            Not worth publishing
          </Button>
        )}
      </div>
    </li>
  );
});
