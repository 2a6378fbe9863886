// Copies of the runtime list's answers, kept in this process (docs/architecture.md "The runtime
// list's answer cache"). A copy is handed out only while the database says nothing changed at its
// scopes (their versions, read before the copy was made, are still the ones read now) and the
// clock has not reached the soonest expiry ahead at them. Nothing is shared between instances and
// nothing is lost with the process: each instance asks the database every time, and makes its own
// copy again after a change.

/** What one copy of an answer holds. */
export interface AnswerCopy {
  /** The scopes' versions, read before the answer was made, as list-runtime-memories-sql.ts writes them. */
  versions: string;
  /** The moment (ms) the answer was made for; a request with an earlier clock is not answered from it. */
  madeAt: number;
  /** The soonest expiry (ms) ahead at the scopes when it was made, from then on a record may have left it; `Infinity` if none. */
  validUntil: number;
  /** The answer's bytes. */
  body: Buffer;
}

/** Bytes of copies a process keeps at most: the least recently used go first. */
export const ANSWER_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/** An answer larger than this share of the cache is not kept: one huge answer would push out the rest. */
const LARGEST_SHARE = 8;

export class AnswerCache {
  private readonly copies = new Map<string, AnswerCopy>();
  private bytes = 0;

  constructor(readonly maxBytes: number = ANSWER_CACHE_MAX_BYTES) {}

  /** The copy kept under `key` if it is still right for `versions` at `now` (ms); a stale one is dropped. */
  get(key: string, versions: string, now: number): Buffer | undefined {
    const copy = this.copies.get(key);
    if (!copy) return undefined;
    if (copy.versions !== versions || now < copy.madeAt || now >= copy.validUntil) {
      this.drop(key, copy);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order, so the first entry is the one to evict.
    this.copies.delete(key);
    this.copies.set(key, copy);
    return copy.body;
  }

  /** The largest answer kept (an eighth of `maxBytes`): a reader stops gathering one that grows past it. */
  get largestCopy(): number {
    return Math.floor(this.maxBytes / LARGEST_SHARE);
  }

  /** Keeps `copy` under `key` (replacing any), then drops the least recently used beyond `maxBytes`. */
  put(key: string, copy: AnswerCopy): void {
    const old = this.copies.get(key);
    if (old) this.drop(key, old);
    if (copy.body.length > this.largestCopy) return;
    this.copies.set(key, copy);
    this.bytes += copy.body.length;
    for (const [oldest, kept] of this.copies) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest, kept);
    }
  }

  /** Bytes held, for tests and the bench. */
  get size(): { copies: number; bytes: number } {
    return { copies: this.copies.size, bytes: this.bytes };
  }

  private drop(key: string, copy: AnswerCopy): void {
    this.copies.delete(key);
    this.bytes -= copy.body.length;
  }
}

const cacheOfDatabase = new WeakMap<object, AnswerCache>();

/**
 * The process's cache for the connection `reader` stands for — the pool of raw statements, or the
 * Prisma client where there is none — so a test's databases, and a replica and its primary, never
 * share copies.
 */
export function answerCacheOf(reader: object): AnswerCache {
  let cache = cacheOfDatabase.get(reader);
  if (!cache) {
    cache = new AnswerCache();
    cacheOfDatabase.set(reader, cache);
  }
  return cache;
}
