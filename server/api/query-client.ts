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

const ABOVE_LATIN_1 = /[\u0100-\uffff]/g;
const escapeCharacter = (character: string) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * A prefetched answer as the server hands it to the browser: its JSON text, the very text an HTTP
 * answer carries, so the browser's cache holds the same values however it was filled (Dates as ISO
 * strings, properties left undefined dropped). React passes a string on as one value, where an
 * object costs it work for each of its values, on the server and again in the browser
 * (docs/architecture.md "Wire format").
 *
 * Every character above U+00FF is written as its JSON escape (`’` as `\u2019`), which parses back
 * to the same text. One such character anywhere in a page's inline data makes the server hold all
 * of it in strings of two bytes a character, through every copy Next and React make of it; a
 * person's notes often carry one (a curly apostrophe, a euro sign; docs/architecture.md "Wire
 * format").
 */
export function toHandOverText(data: unknown): string | undefined {
  return JSON.stringify(data)?.replace(ABOVE_LATIN_1, escapeCharacter);
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
