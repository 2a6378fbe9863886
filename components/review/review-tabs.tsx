'use client';
// The queue's tabs — To review, Published, Dismissed — each with how many keys it holds for the
// current search and people filter (counted up to review.list's largest page; more shows as "100+").
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useTRPC } from '@/components/trpc/client';
import { cn } from '@/components/ui/cn';
import {
  REVIEW_TABS,
  reviewFilterParams,
  reviewListInput,
  reviewTabOf,
  withReviewTab,
  type ReviewFilters,
  type ReviewTab,
} from './review-filters';

/** review.list's largest page (REVIEW_PAGE_MAX on the server): a tab counts up to this many keys. */
const COUNT_UP_TO = 100;

function TabCount({ filters, tab }: { filters: ReviewFilters; tab: ReviewTab }) {
  const trpc = useTRPC();
  const input = { ...reviewListInput(withReviewTab(filters, tab)), limit: COUNT_UP_TO };
  const { data } = useQuery({
    ...trpc.review.list.queryOptions(input),
    select: (page) => ({ count: page.groups.length, more: page.next !== null }),
  });
  if (!data) return null;
  return (
    <span className="ml-1.5 rounded-full bg-slate-100 px-1.5 text-xs text-slate-700 tabular-nums dark:bg-slate-800 dark:text-slate-300">
      {data.count}
      {data.more ? '+' : ''}
    </span>
  );
}

export function ReviewTabs({ filters }: { filters: ReviewFilters }) {
  const current = reviewTabOf(filters);
  return (
    <nav aria-label="Review states">
      <ul className="flex flex-wrap gap-x-1 border-b border-slate-200 dark:border-slate-800">
        {REVIEW_TABS.map((tab) => {
          const query = reviewFilterParams(withReviewTab(filters, tab.id)).toString();
          const active = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                href={query ? `/admin/review?${query}` : '/admin/review'}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  '-mb-px inline-flex items-center border-b-2 px-2 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-500 sm:px-3',
                  active
                    ? 'border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300'
                    : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100',
                )}
              >
                {tab.label}
                <TabCount filters={filters} tab={tab.id} />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
