// The QueryClient a server component prefetches into (server/api/rsc.tsx): the shared recipe
// (query-client.ts) and how its cache is handed to the browser. The wire is plain JSON
// (docs/architecture.md "Wire format"): a query the browser fetched holds ISO strings where the
// server had Dates. A query prefetched on the server holds the procedure's own values, so
// dehydrating hands them over as the JSON round trip would leave them — the browser's cache then
// holds exactly what an HTTP answer would have, whichever way it was filled. Only the server
// dehydrates, so none of this is in the browser's scripts.
import { defaultShouldDehydrateQuery } from '@tanstack/react-query';
import { makeQueryClient } from './query-client';

export function makePrefetchClient() {
  return makeQueryClient({
    dehydrate: {
      serializeData: asOnTheWire,
      // A query still pending streams to the browser when it settles.
      shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === 'pending',
    },
  });
}

/**
 * What a value looks like after crossing the wire as JSON. Most answers are plain JSON already, but
 * for their dates and the odd property left undefined: the objects and arrays holding those are
 * copied as JSON would write them, and the rest is handed back as it is, since the round trip would
 * only copy it (a fraction of a millisecond of every My memories page). Anything else JSON would
 * change takes the round trip itself.
 */
export function asOnTheWire<T>(data: T): T {
  if (data === undefined) return data;
  const wired = wireValue(data);
  return (wired === ROUND_TRIP ? JSON.parse(JSON.stringify(data)) : wired) as T;
}

/** Returned by wireValue where only JSON's own round trip says what a value becomes. */
const ROUND_TRIP = Symbol('round trip');

/**
 * `value` as JSON carries it across. Plain objects and arrays, strings, booleans, finite numbers
 * other than -0, and null are kept as they are; a plain Date becomes its ISO string (null if
 * invalid), a property that is undefined is left out, and undefined or a hole in an array becomes
 * null, each in a copy of the objects and arrays above it (the original untouched, the rest
 * shared). ROUND_TRIP for anything else: a function, a symbol, a bigint, NaN, Infinity, -0, a
 * symbol key, a class's instance, an object without a prototype (which React cannot hand to the
 * browser), a Date with a toJSON of its own, or an own "__proto__" key in an object to be copied.
 */
function wireValue(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0) ? value : ROUND_TRIP;
    case 'object':
      if (value === null) return value;
      if (Array.isArray(value)) return wireArray(value);
      return wireObject(value);
    default:
      return ROUND_TRIP;
  }
}

function wireArray(array: unknown[]): unknown {
  let copy: unknown[] | undefined;
  for (let index = 0; index < array.length; index++) {
    const item: unknown = array[index]; // a hole reads as undefined
    const wired = item === undefined ? null : wireValue(item);
    if (wired === ROUND_TRIP) return ROUND_TRIP;
    if (wired !== item) copy ??= array.slice();
    if (copy) copy[index] = wired;
  }
  return copy ?? array;
}

function wireObject(object: object): unknown {
  const prototype: unknown = Object.getPrototypeOf(object);
  if (prototype === Date.prototype && !Object.hasOwn(object, 'toJSON')) {
    const date = object as Date;
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  }
  // A toJSON of an object's own is a function, refused by wireValue.
  if (prototype !== Object.prototype || Object.getOwnPropertySymbols(object).length > 0) return ROUND_TRIP;
  const record = object as Record<string, unknown>;
  const keys = Object.keys(record);
  let copy: Record<string, unknown> | undefined;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    const item = record[key];
    const wired = item === undefined ? undefined : wireValue(item);
    if (wired === ROUND_TRIP) return ROUND_TRIP;
    if (!copy) {
      if (wired === item && item !== undefined) continue;
      // Assigning "__proto__" to the copy would set its prototype, not a property.
      if (keys.includes('__proto__')) return ROUND_TRIP;
      copy = {};
      for (const earlier of keys.slice(0, index)) copy[earlier] = record[earlier];
    }
    if (wired !== undefined) copy[key] = wired;
  }
  return copy ?? object;
}
