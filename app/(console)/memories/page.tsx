import type { Metadata } from 'next';
import { MemoriesView } from '@/components/memories/memories-view';
import { filtersFromParams, isFiltered, listInput, memoryPagesOptions, TOTALS_INPUT } from '@/components/memories/memory-filters';
import { PageHeader } from '@/components/shell/page-header';
import { getQueryClient, HydrateClient, prefetchBeforeRender, trpc } from '@/server/api/rsc';
import { requireViewer } from '@/server/auth/session';

export const metadata: Metadata = { title: 'My memories' };

export default async function MemoriesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireViewer('/memories');
  const params = await searchParams;
  const filters = filtersFromParams({ get: (name) => (typeof params[name] === 'string' ? params[name] : null) });
  // Everything the page shows is read before it renders, in parallel, so the page is written in one
  // pass rather than streamed in pieces (docs/architecture.md "Compression"). Who the viewer is, the
  // conversation options and whether any memory is muted or expired are read outside any boundary
  // (plain useQuery), so they must be complete before the first render in any case.
  const list = trpc.memories.list.infiniteQueryOptions(listInput(filters), memoryPagesOptions);
  const listed = getQueryClient().fetchInfiniteQuery(list);
  const totals = trpc.memories.list.infiniteQueryOptions(TOTALS_INPUT, memoryPagesOptions);
  // Unfiltered, the list's own first page carries the same totals: the totals' one-row page is
  // made from it rather than read by a second statement (docs/benchmarks.md "http"). The totals
  // query is only ever read for its totals and never asks for a next page.
  const totalled = getQueryClient().prefetchInfiniteQuery(
    isFiltered(filters) ? totals : { ...totals, queryFn: async () => totalsPageOf((await listed).pages[0]!) },
  );
  await Promise.all([
    listed.catch(() => {}), // a failure is the list's to show (its query holds the error)
    totalled,
    prefetchBeforeRender(
      trpc.memories.preview.queryOptions(),
      trpc.viewer.me.queryOptions(),
      trpc.memories.conversations.queryOptions(),
      trpc.memories.inactive.queryOptions(),
    ),
  ]);
  return (
    <HydrateClient>
      <PageHeader
        title="My memories"
        description="Everything the assistant holds that applies to you: what you said, what it concluded, and what your organisation set. Correct or delete what is wrong."
      />
      <MemoriesView />
    </HydrateClient>
  );
}

/**
 * The totals' one-row page made from the unfiltered list's first page (the same totals at the same
 * moment). Without a cursor: nothing loads a second page of the totals. Here, not beside the
 * filters, so that no browser downloads it.
 */
function totalsPageOf<Page extends { memories: unknown[]; totals: unknown }>(first: Page): Page {
  return { ...first, memories: first.memories.slice(0, TOTALS_INPUT.limit), next: null };
}
