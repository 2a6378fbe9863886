'use client';
// How many memories apply to the person and how many are their own, whatever the filters say
// (a one-row page of the list; refreshed with the list after every change).
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/trpc/client';
import { TOTALS_INPUT } from './memory-filters';

export function useMemoryTotals() {
  const trpc = useTRPC();
  return useSuspenseQuery(trpc.memories.list.queryOptions(TOTALS_INPUT)).data.totals;
}
