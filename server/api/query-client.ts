// One QueryClient recipe for the browser and for server-side prefetching (server/api/rsc.tsx);
// shared by both sides, so it imports nothing server-only.
//
// The wire is plain JSON (docs/architecture.md "Wire format"): a query fetched by the
// browser holds ISO strings where the server had Dates. A query prefetched on the server holds the
// procedure's own values, so dehydrating passes them through the same JSON round trip — the
// browser's cache then holds exactly what an HTTP answer would have, whichever way it was filled.
import { defaultShouldDehydrateQuery, QueryClient } from '@tanstack/react-query';

/**
 * What a value looks like after crossing the wire as JSON. Most answers are plain JSON already
 * (strings, finite numbers, plain objects and arrays): those are handed back as they are, since the
 * round trip would only copy them (half a millisecond of every My memories page).
 */
export function asOnTheWire<T>(data: T): T {
  return data === undefined || crossesUnchanged(data) ? data : (JSON.parse(JSON.stringify(data)) as T);
}

/**
 * Whether JSON carries `value` across as it is: nothing but plain objects and arrays, no undefined,
 * function, symbol, bigint, NaN, Infinity or -0, no hole in an array and no symbol key, at any depth.
 */
function crossesUnchanged(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (value === null) return true;
      if (Array.isArray(value)) {
        // A hole reads as undefined: refused like one.
        for (let index = 0; index < value.length; index++) if (!crossesUnchanged(value[index])) return false;
        return true;
      }
      // A Date, a Map, any class's instance, or an object without a prototype (which React cannot
      // hand to the browser); a toJSON of an object's own is a function, refused below.
      if (Object.getPrototypeOf(value) !== Object.prototype || Object.getOwnPropertySymbols(value).length > 0) return false;
      for (const item of Object.values(value)) if (!crossesUnchanged(item)) return false;
      return true;
    }
    default:
      return false;
  }
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
