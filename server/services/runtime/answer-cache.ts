// Copies of the runtime list's answers, kept in this process (docs/architecture.md "The runtime
// list's answer cache"). A copy is handed out only while the database says nothing changed at its
// scopes (their versions, read before the copy was made, are still the ones read now) and the
// clock has not reached the soonest expiry ahead at them. Nothing is shared between instances and
// nothing is lost with the process: each instance asks the database every time, and makes its own
// copy again after a change — from the records of its last copy that did not change, where it can
// (list-runtime-memories.ts).

/** What one copy of an answer holds. */
export interface AnswerCopy {
  /** The scopes' versions, read before the answer was made, as list-runtime-memories-sql.ts writes them. */
  versions: string;
  /** The moment (ms) the answer was made for; a request with an earlier clock is not answered from it. */
  madeAt: number;
  /** The soonest expiry (ms) ahead at the scopes when it was made, from then on a record may have left it; `Infinity` if none. */
  validUntil: number;
  /** The array's elements, joined by commas, without the brackets. */
  body: Buffer;
  /** Which record and version each element is, for the next answer to take those that did not change. */
  records?: CopyRecords;
}

/** The records of a copy's elements, in the order of its array. */
export interface CopyRecords {
  ids: string[];
  /** The transaction that wrote the version of each record the element shows (its `xmin`). */
  xmins: string[];
  /** Where each element begins in `body`, and then `body.length + 1`: element i is `body[starts[i], starts[i + 1] - 1)`. */
  starts: Uint32Array;
  /** The moment (ms) of the answer read whole from the database that the oldest of these elements comes from. */
  since: number;
}

/** Bytes a copy takes in memory: its body, and about what its records' strings and offsets take. */
function weightOf(copy: AnswerCopy): number {
  const records = copy.records;
  if (!records) return copy.body.length;
  let chars = 0;
  for (let i = 0; i < records.ids.length; i += 1) chars += records.ids[i]!.length + records.xmins[i]!.length;
  return copy.body.length + records.starts.byteLength + 2 * chars + 64 * records.ids.length;
}

/** Bytes of copies a process keeps at most: the least recently used go first. */
export const ANSWER_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/** An answer larger than this share of the cache is not kept: one huge answer would push out the rest. */
const LARGEST_SHARE = 8;

export class AnswerCache {
  private readonly copies = new Map<string, { copy: AnswerCopy; weight: number }>();
  private bytes = 0;

  constructor(readonly maxBytes: number = ANSWER_CACHE_MAX_BYTES) {}

  /**
   * The body of the copy kept under `key` if it is still right for `versions` at `now` (ms). A copy
   * no longer right stays until the next answer replaces it: `previous` hands it to that answer.
   */
  get(key: string, versions: string, now: number): Buffer | undefined {
    const copy = this.previous(key);
    if (!copy || copy.versions !== versions || now < copy.madeAt || now >= copy.validUntil) return undefined;
    return copy.body;
  }

  /** The copy kept under `key`, right or not: the next answer may take the records that did not change from it. */
  previous(key: string): AnswerCopy | undefined {
    const kept = this.copies.get(key);
    if (!kept) return undefined;
    // Most recently used last: Map keeps insertion order, so the first entry is the one to evict.
    this.copies.delete(key);
    this.copies.set(key, kept);
    return kept.copy;
  }

  /** The largest answer kept (an eighth of `maxBytes`): a reader stops gathering one that grows past it. */
  get largestCopy(): number {
    return Math.floor(this.maxBytes / LARGEST_SHARE);
  }

  /** Keeps `copy` under `key` (replacing any), then drops the least recently used beyond `maxBytes`. */
  put(key: string, copy: AnswerCopy): void {
    const old = this.copies.get(key);
    if (old) this.drop(key, old.weight);
    const weight = weightOf(copy);
    if (weight > this.largestCopy) return;
    this.copies.set(key, { copy, weight });
    this.bytes += weight;
    for (const [oldest, kept] of this.copies) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest, kept.weight);
    }
  }

  /** Bytes held, for tests and the bench. */
  get size(): { copies: number; bytes: number } {
    return { copies: this.copies.size, bytes: this.bytes };
  }

  private drop(key: string, weight: number): void {
    this.copies.delete(key);
    this.bytes -= weight;
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
