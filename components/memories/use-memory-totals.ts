'use client';
// How many memories apply to the person and how many are their own, whatever the filters say: the
// first, one-row page of the unfiltered list. An infinite query like the list's own, so every
// change to the list's cache (a delete's optimistic removal, the refresh after it) applies here too.
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/trpc/client';
import { memoryPagesOptions, TOTALS_INPUT } from './memory-filters';

export function useMemoryTotals() {
  const trpc = useTRPC();
  const { data } = useSuspenseInfiniteQuery(trpc.memories.list.infiniteQueryOptions(TOTALS_INPUT, memoryPagesOptions));
  return data.pages[0]?.totals ?? { all: 0, yours: 0 };
}
