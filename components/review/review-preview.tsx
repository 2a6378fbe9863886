'use client';
// Beside the queue on wide screens: every wording of the key the keyboard (or a click) is on, and
// how it stands against what is published. The actions stay on the row (p, d, Enter).
import Link from 'next/link';
import type { ReviewGroup } from '@/components/trpc/outputs';
import { RelativeTime } from '@/components/memories/relative-time';
import { scopeName } from '@/components/glossary';
import { useScopeNames } from '@/components/facts/use-scope-names';
import { ClusterList } from './cluster-list';
import { PublishedNote } from './published-note';
import { reviewDetailHref, type ReviewFilters } from './review-filters';

export function ReviewPreview({ group, filters }: { group: ReviewGroup | undefined; filters: ReviewFilters }) {
  const names = useScopeNames();
  return (
    <aside
      aria-label={group ? `Preview of ${group.key}` : 'Preview'}
      className="hidden self-start rounded-lg border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-4 lg:block dark:border-slate-800 dark:bg-slate-900"
    >
      {group ? (
        <div className="space-y-3">
          <h2 className="font-mono text-base font-semibold break-all">{group.key}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {group.people === 1 ? '1 person' : `${group.people} people`} in {scopeName(`tenant:${group.tenantRef}`, names)} · changed{' '}
            <RelativeTime iso={group.newestAt} />
          </p>
          <ClusterList clusters={group.clusters} />
          <PublishedNote group={group} />
          <Link
            href={reviewDetailHref(group, filters)}
            className="inline-block text-sm font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
          >
            Open {group.key}: who holds each wording →
          </Link>
        </div>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">Move through the keys with j and k to see them here.</p>
      )}
    </aside>
  );
}
