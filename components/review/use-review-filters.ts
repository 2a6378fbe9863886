'use client';
// The review queue's filters live in the URL, so a filtered view can be shared and the back button
// steps through earlier filters. Changing a filter starts the list from the top again.
import { useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import { reviewFilterParams, reviewFiltersFromParams, type ReviewFilters } from './review-filters';

export function useReviewFilters() {
  const params = useSearchParams();
  const filters = reviewFiltersFromParams(params);
  const setFilters = useCallback((next: Partial<ReviewFilters>) => {
    const current = reviewFiltersFromParams(new URL(window.location.href).searchParams);
    const url = new URL(window.location.href);
    url.search = reviewFilterParams({ ...current, after: '', ...next }).toString();
    if (url.href !== window.location.href) window.history.pushState(null, '', url);
  }, []);
  return { filters, setFilters };
}
