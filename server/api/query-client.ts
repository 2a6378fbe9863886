// One QueryClient recipe for the browser and for server-side prefetching (server/api/rsc.tsx);
// shared by both sides, so it imports nothing server-only. How a server component's prefetched
// cache is handed to the browser is the server's alone (server/api/prefetch-client.ts): the
// browser never dehydrates, so that code stays out of its scripts.
import { QueryClient, type DehydrateOptions } from '@tanstack/react-query';

export function makeQueryClient({ dehydrate }: { dehydrate?: DehydrateOptions } = {}) {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: (count, error) => count < 2 && !isClientError(error) },
      ...(dehydrate ? { dehydrate } : {}),
    },
  });
}

/**
 * 4xx answers (not signed in, not allowed, not found, invalid) do not get better by retrying; 429
 * does: the person had too many requests in progress at once (server/http/request-slots.ts).
 */
function isClientError(error: unknown): boolean {
  const status = (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 429;
}
