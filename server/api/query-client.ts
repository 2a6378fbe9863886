// One QueryClient recipe for the browser and for server-side prefetching (server/api/rsc.tsx);
// shared by both sides, so it imports nothing server-only.
//
// The wire is plain JSON (docs/architecture.md "Wire format"): a query fetched by the
// browser holds ISO strings where the server had Dates. A query prefetched on the server holds the
// procedure's own values, so dehydrating passes them through the same JSON round trip — the
// browser's cache then holds exactly what an HTTP answer would have, whichever way it was filled.
import { defaultShouldDehydrateQuery, QueryClient } from '@tanstack/react-query';

/**
 * What a value looks like after crossing the wire as JSON. Most answers are plain JSON already, but
 * for their dates: those become ISO strings in a copy of the objects that held them, and the rest
 * is handed back as it is, since the round trip would only copy it (half a millisecond of every My
 * memories page). Anything else JSON would change takes the round trip itself.
 */
export function asOnTheWire<T>(data: T): T {
  if (data === undefined) return data;
  const wired = wireValue(data);
  return (wired === ROUND_TRIP ? JSON.parse(JSON.stringify(data)) : wired) as T;
}

/** Returned by wireValue where only JSON's own round trip says what a value becomes. */
const ROUND_TRIP = Symbol('round trip');

/**
 * `value` as JSON carries it across, when that is `value` itself (nothing but plain objects and
 * arrays, strings, booleans, finite numbers other than -0, and null, at any depth) or the same
 * with each plain Date as its ISO string (a copy of every object and array above a Date, the
 * original untouched); ROUND_TRIP for anything else: undefined, a function, a symbol, a bigint,
 * NaN, Infinity, -0, a hole in an array, a symbol key, a class's instance, an object without a
 * prototype (which React cannot hand to the browser), or a Date with a toJSON of its own.
 */
function wireValue(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0) ? value : ROUND_TRIP;
    case 'object': {
      if (value === null) return value;
      if (Array.isArray(value)) {
        let copy: unknown[] | undefined;
        for (let index = 0; index < value.length; index++) {
          // A hole reads as undefined: refused like one.
          const item: unknown = value[index];
          const wired = wireValue(item);
          if (wired === ROUND_TRIP) return ROUND_TRIP;
          if (wired !== item) copy ??= value.slice();
          if (copy) copy[index] = wired;
        }
        return copy ?? value;
      }
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype === Date.prototype && !Object.hasOwn(value, 'toJSON')) {
        const date = value as Date;
        return Number.isNaN(date.getTime()) ? null : date.toISOString();
      }
      // A toJSON of an object's own is a function, refused below.
      if (prototype !== Object.prototype || Object.getOwnPropertySymbols(value).length > 0) return ROUND_TRIP;
      let copy: Record<string, unknown> | undefined;
      for (const key of Object.keys(value)) {
        const item: unknown = (value as Record<string, unknown>)[key];
        const wired = wireValue(item);
        if (wired === ROUND_TRIP) return ROUND_TRIP;
        if (wired === item) continue;
        // Spread, not Object.assign: an own "__proto__" key stays a property of the copy.
        copy ??= { ...value };
        copy[key] = wired;
      }
      return copy ?? value;
    }
    default:
      return ROUND_TRIP;
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
