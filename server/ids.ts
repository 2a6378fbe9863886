// Record ids: a short prefix naming the kind of record, then a ULID (sortable by creation time).
// Services never call newId directly; they take it from their ServiceContext
// (server/services/context.ts), so tests can fix the ids they expect.
import { ulid } from 'ulid';

export const ID_PREFIXES = ['mem', 'usr', 'grt', 'aud', 'thr', 'evt', 'alr', 'alv', 'tok', 'run', 'ses', 'job', 'whd', 'lnk'] as const;
export type IdPrefix = (typeof ID_PREFIXES)[number];

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** The longest id newId makes: the longest prefix, `_`, then the 26 characters of a ULID. */
export const ID_MAX_CHARS = Math.max(...ID_PREFIXES.map((prefix) => prefix.length)) + 1 + 26;

/**
 * Random bytes for ULIDs, drawn from the system's secure generator a few kilobytes at a time: the
 * library's default asks it for one byte per character, which made a batch of 1,000 ids cost
 * tens of milliseconds (docs/runtime-api.md "How a batch is stored quickly").
 */
const randomPool = new Uint8Array(4096);
let randomUsed = randomPool.length;

function pooledRandom(): number {
  if (randomUsed === randomPool.length) {
    crypto.getRandomValues(randomPool);
    randomUsed = 0;
  }
  return randomPool[randomUsed++]! / 256;
}

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${ulid(undefined, pooledRandom)}`;
}

/** Whether `id` has the shape newId gives (prefix, then a 26-character Crockford ULID). */
export function isIdOf(prefix: IdPrefix, id: string): boolean {
  return id.startsWith(`${prefix}_`) && ULID.test(id.slice(prefix.length + 1));
}
