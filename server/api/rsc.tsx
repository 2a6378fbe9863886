// tRPC for server components: prefetch into a per-request QueryClient and hand the cache to the
// client through HydrationBoundary, so pages render with data and no loading flash.
import 'server-only';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { createTRPCOptionsProxy, type TRPCQueryOptions } from '@trpc/tanstack-react-query';
import { cache, type ReactNode } from 'react';
import { createContext } from './context';
import { makePrefetchClient } from './prefetch-client';
import { appRouter } from './root';

export const getQueryClient = cache(makePrefetchClient);

// One context per request: the session is read once however many queries the page prefetches.
export const trpc = createTRPCOptionsProxy({ ctx: cache(createContext), router: appRouter, queryClient: getQueryClient });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function prefetch<T extends ReturnType<TRPCQueryOptions<any>>>(queryOptions: T) {
  void getQueryClient().prefetchQuery(queryOptions);
}

/**
 * Prefetches and waits: for queries the page reads with plain `useQuery` (not suspense), where a
 * streamed, still-pending prefetch could otherwise resolve between the server render and the
 * browser's first render, and the two would not match; and for any a page writes in one pass
 * rather than streams.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function prefetchBeforeRender(...queries: ReturnType<TRPCQueryOptions<any>>[]): Promise<void> {
  await Promise.all(queries.map((queryOptions) => getQueryClient().prefetchQuery(queryOptions)));
}

export function HydrateClient({ children }: { children: ReactNode }) {
  return <HydrationBoundary state={dehydrate(getQueryClient())}>{children}</HydrationBoundary>;
}
