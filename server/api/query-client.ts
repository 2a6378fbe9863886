// One QueryClient recipe for the browser and for server-side prefetching (server/api/rsc.tsx);
// shared by both sides, so it imports nothing server-only.
//
// The wire is plain JSON (docs/architecture.md "Wire format"): a query fetched by the
// browser holds ISO strings where the server had Dates. A query prefetched on the server holds the
// procedure's own values, so dehydrating passes them through the same JSON round trip — the
// browser's cache then holds exactly what an HTTP answer would have, whichever way it was filled.
import { defaultShouldDehydrateQuery, QueryClient } from '@tanstack/react-query';

/** What a value looks like after crossing the wire as JSON. */
export function asOnTheWire<T>(data: T): T {
  return data === undefined ? data : (JSON.parse(JSON.stringify(data)) as T);
}

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: (count, error) => count < 2 && !isClientError(error) },
      dehydrate: {
        serializeData: asOnTheWire,
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === 'pending',
      },
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
