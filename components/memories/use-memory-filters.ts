'use client';
// The search and conversation filter live in the URL, so a filtered view can be shared and the
// back button steps through earlier filters. Native history calls keep Next's router in sync
// without a server round trip.
import { useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import { filtersFromParams, type MemoryFilters } from './memory-filters';

const PARAM: Record<keyof MemoryFilters, string> = { q: 'q', thread: 'thread' };

export function useMemoryFilters() {
  const filters = filtersFromParams(useSearchParams());
  const setFilters = useCallback((next: Partial<MemoryFilters>) => {
    const url = new URL(window.location.href);
    for (const [name, value] of Object.entries(next) as [keyof MemoryFilters, string][]) {
      if (value.trim()) url.searchParams.set(PARAM[name], value);
      else url.searchParams.delete(PARAM[name]);
    }
    if (url.href !== window.location.href) window.history.pushState(null, '', url);
  }, []);
  return { filters, setFilters };
}
