'use client';
// The memories list as pages (keyset, in display order): the first page comes with the totals for
// the filters; more pages load as the person scrolls or asks, and no row is missed or repeated.
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/trpc/client';
import { listInput, memoryPagesOptions, type MemoryFilters } from './memory-filters';

export function useMemoryPages(filters: MemoryFilters) {
  const trpc = useTRPC();
  const query = useSuspenseInfiniteQuery(trpc.memories.list.infiniteQueryOptions(listInput(filters), memoryPagesOptions));
  const memories = query.data.pages.flatMap((page) => page.memories);
  // Every page answers with the totals at its time; the newest answer counts.
  const totals = query.data.pages.at(-1)?.totals ?? { all: 0, yours: 0 };
  return { query, memories, totals };
}
