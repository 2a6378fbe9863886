'use client';
// The body of the Review page: filters, the tabs (To review, Published, Dismissed), what the last
// action did, and the queue.
import { useState } from 'react';
import { QueryErrorPanel } from '@/components/memories/query-error-panel';
import { EMPTY_REVIEW_FILTERS } from './review-filters';
import { ReviewList } from './review-list';
import { ReviewTabs } from './review-tabs';
import { ReviewToolbar } from './review-toolbar';
import { useReviewFilters } from './use-review-filters';

export function ReviewView() {
  const { filters, setFilters } = useReviewFilters();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  return (
    <section aria-label="Review queue" className="space-y-4">
      <ReviewToolbar filters={filters} onChange={setFilters} />
      <ReviewTabs filters={filters} />
      <div aria-live="polite">
        {notice ? (
          <p
            role={notice.tone === 'error' ? 'alert' : undefined}
            className={
              notice.tone === 'error'
                ? 'rounded-md border border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100'
                : 'rounded-md border border-emerald-200 bg-emerald-50 px-4 py-2 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100'
            }
          >
            {notice.text}
          </p>
        ) : null}
      </div>
      <QueryErrorPanel what="The review queue">
        <ReviewList
          filters={filters}
          onNotice={(tone, text) => setNotice({ tone, text })}
          onClearFilters={() => setFilters(EMPTY_REVIEW_FILTERS)}
        />
      </QueryErrorPanel>
    </section>
  );
}
