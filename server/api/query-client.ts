// One QueryClient recipe for the browser and for server-side prefetching (server/api/rsc.tsx);
// shared by both sides, so it imports nothing server-only. How a server component's prefetched
// cache is handed to the browser is the server's alone (server/api/prefetch-client.ts): the
// browser never dehydrates.
import { QueryClient, type DehydrateOptions } from '@tanstack/react-query';

export function makeQueryClient({ dehydrate }: { dehydrate?: DehydrateOptions } = {}) {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: (count, error) => count < 2 && !isClientError(error) },
      hydrate: { deserializeData: fromHandOverText },
      ...(dehydrate ? { dehydrate } : {}),
    },
  });
}

/**
 * A prefetched answer as the server hands it to the browser: its JSON text, the very text an HTTP
 * answer carries, so the browser's cache holds the same values however it was filled (Dates as ISO
 * strings, properties left undefined dropped). React passes a string on as one value, where an
 * object costs it work for each of its values, on the server and again in the browser
 * (docs/architecture.md "Wire format").
 */
export function toHandOverText(data: unknown): string | undefined {
  return JSON.stringify(data);
}

/** The answer again from its hand-over text (toHandOverText), as the browser's cache keeps it. */
export function fromHandOverText(text: unknown): unknown {
  if (typeof text !== 'string') throw new TypeError('A prefetched answer arrives as JSON text.');
  return JSON.parse(text);
}

/**
 * 4xx answers (not signed in, not allowed, not found, invalid) do not get better by retrying; 429
 * does: the person had too many requests in progress at once (server/http/request-slots.ts).
 */
function isClientError(error: unknown): boolean {
  const status = (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 429;
}
