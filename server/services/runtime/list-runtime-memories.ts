// POST /api/runtime/memories/list: every record at the scopes given (or at the scopes of the
// person given), after the scopes are checked: those the token's organisation does not hold are
// skipped and named (check-runtime-scopes.ts). The records are one statement that writes their
// JSON itself, streamed as the server sends them (record-elements.ts), as the read-back does: no
// record's JSON is parsed or mapped here (docs/benchmarks.md "runtime-api"). A runtime asks for the
// same person's records every turn and they seldom change in between, so the answer is kept
// (answer-cache.ts) and handed out again while one short statement says nothing at its scopes
// changed; after a change, the next answer takes the records that did not change from it and reads
// only the others (docs/architecture.md "The runtime list's answer cache").
import type { Prisma, PrismaClient } from '../../db/generated/client';
import { withLiterals } from '../../db/sql-runner';
import { readRows, type ServiceCall, type ServiceContext } from '../context';
import type { RuntimeScopes } from './check-runtime-scopes';
import { enclosedArray, type AroundArray } from '../json-parts';
import { answerCacheOf, type AnswerCache, type AnswerCopy, type CopyRecords } from './answer-cache';
import {
  recordRowSchema,
  recordVersionsRowSchema,
  runtimeRecordsByIdSql,
  runtimeRecordsSql,
  runtimeRecordVersionsSql,
  scopeVersionsRowSchema,
  scopeVersionsSql,
} from './list-runtime-memories-sql';
import {
  copiedElements,
  idOfElement,
  joinedElements,
  patchedElements,
  recordVersionsOf,
  rowElements,
  type ElementBatch,
  type Elements,
} from './record-elements';
import { runtimeReadScopes, type RuntimeReadScopesInput } from './runtime-read-scopes';

export type ListRuntimeMemoriesInput = RuntimeReadScopesInput;

/** The scopes read and skipped, and the records as the pieces of their JSON array (json-parts.ts `jsonArrayPieces`). */
export interface RuntimeMemoriesJson extends RuntimeScopes {
  /** `around`: text written before and after the array, in its first and last piece. */
  records: (around?: AroundArray) => AsyncGenerator<Uint8Array>;
  /**
   * When the answer is a kept one, handed out again: its elements as kept (what `records` writes
   * between the brackets, the same Buffer until the copy is replaced), for an answer compressed once
   * (server/http/kept-brotli.ts).
   */
  kept?: Buffer;
}

/**
 * How long (ms) an element may be carried from copy to copy after the answer it was read in. A
 * record's id and `xmin` name one version of it only until PostgreSQL's transaction ids come round
 * again (2³² of them), which takes many hours at any rate a server writes; within an hour they do
 * not, so an element is never taken for a later version that happens to have the same `xmin`.
 */
export const ELEMENT_REUSE_LIMIT_MS = 60 * 60 * 1000;

/** Above this many changed records, the answer is read whole again: one statement costs less than reading them by id. */
export const PATCH_LIMIT = 100;

export async function listRuntimeMemories({
  ctx,
  input,
}: ServiceCall<ListRuntimeMemoriesInput, PrismaClient>): Promise<RuntimeMemoriesJson> {
  const read = await runtimeReadScopes({ ctx, input });
  if (read.scopes.length === 0) return { ...read, records: (around) => enclosedArray(pieces(), around) };
  const now = ctx.now();
  // Read before the records: a change committed after this read makes these versions old for good,
  // so a copy made from a later snapshot is never handed out for them (docs/architecture.md).
  const [state] = await readRows(ctx, scopeVersionsSql(read.scopes, now), scopeVersionsRowSchema, { preparedAs: 'runtime_list_versions' });
  if (!state) throw new Error('The scopes’ versions statement answered no row.');
  const { versions, nextExpiry } = state;
  const cache = answerCacheOf(ctx.sql ?? ctx.db);
  const key = read.scopes.join('\n');
  const copy = cache.get(key, versions, now.getTime());
  if (copy) return { ...read, records: (around) => enclosedArray(pieces(copy), around), kept: copy };
  const answer: Answer = {
    ctx,
    scopes: read.scopes,
    now,
    cache,
    key,
    made: { versions, madeAt: now.getTime(), validUntil: nextExpiry ? nextExpiry.getTime() : Infinity },
  };
  const base = cache.previous(key);
  return {
    ...read,
    records: (around) => enclosedArray(isReusable(base, now.getTime()) ? patched(answer, base) : keptWhenRead(answer), around),
  };
}

/** Whether an answer may be made from `copy`'s elements at `now` (ms): it has them, read within ELEMENT_REUSE_LIMIT_MS. */
function isReusable(copy: AnswerCopy | undefined, now: number): copy is Based {
  const since = copy?.records?.since;
  return since !== undefined && now >= since && now - since < ELEMENT_REUSE_LIMIT_MS;
}

/** What making an answer afresh needs. */
interface Answer {
  ctx: Pick<ServiceContext, 'db' | 'sql'>;
  scopes: string[];
  now: Date;
  cache: AnswerCache;
  key: string;
  /** The copy's versions and moments, read before its records. */
  made: Omit<AnswerCopy, 'body' | 'records'>;
}

type Based = AnswerCopy & { records: CopyRecords };

/**
 * The records' elements read whole, kept in the cache once the last has been read (an answer cut
 * short, by an error or a client that left, is not kept, nor one too large for the cache, which
 * is not held in memory either).
 */
async function* keptWhenRead({ ctx, scopes, now, cache, key, made }: Answer): AsyncGenerator<Uint8Array> {
  const query = runtimeRecordsSql(scopes, now);
  const batches: AsyncIterable<ElementBatch> = ctx.sql?.copyOut
    ? copiedElements(ctx.sql.copyOut(withLiterals(query.text, query.values)))
    : rowsAtOnce(ctx, query);
  // Gathered only while it may still be kept: a larger answer streams through as before.
  let gathered: ElementBatch[] | null = [];
  let bytes = 0;
  for await (const batch of batches) {
    bytes += batch.bytes.length;
    if (gathered && bytes > cache.largestCopy) gathered = null;
    gathered?.push(batch);
    yield batch.bytes;
  }
  if (gathered) cache.put(key, { ...made, ...keptRecords(joinedElements(gathered), made.madeAt) });
}

/** The rows of `query` read at once (no pool to copy through: the embedded database, a test's Prisma). */
async function* rowsAtOnce(ctx: Pick<ServiceContext, 'db' | 'sql'>, query: Prisma.Sql): AsyncGenerator<ElementBatch> {
  yield* rowElements(await readRows(ctx, query, recordRowSchema));
}

/**
 * The answer after a change, from `base`: which records, in which order and at which version, is one
 * short statement; the elements of those whose version `base` shows are taken from it, and the
 * others read by id. Were one of those changed again in between (another version than the first
 * statement saw), or too many changed, the answer is read whole instead.
 */
async function* patched(answer: Answer, base: Based): AsyncGenerator<Uint8Array> {
  const { ctx, scopes, now, cache, key, made } = answer;
  const [row] = await readRows(ctx, runtimeRecordVersionsSql(scopes, now), recordVersionsRowSchema, { preparedAs: 'runtime_list_records' });
  const wanted = row && recordVersionsOf(row);
  if (!wanted) return yield* keptWhenRead(answer);
  const positions = positionsOf(base.records);
  const missing = new Map<string, string>();
  let samePlaces = wanted.ids.length === base.records.ids.length;
  for (let i = 0; i < wanted.ids.length; i += 1) {
    const j = positions.get(wanted.ids[i]!);
    if (j !== i) samePlaces = false;
    if (j === undefined || base.records.xmins[j] !== wanted.xmins[i]) missing.set(wanted.ids[i]!, wanted.xmins[i]!);
  }
  if (missing.size > PATCH_LIMIT) return yield* keptWhenRead(answer);
  const fetched = new Map<string, Buffer>();
  if (missing.size > 0) {
    const rows = await readRows(ctx, runtimeRecordsByIdSql([...missing.keys()]), recordRowSchema, { preparedAs: 'runtime_list_by_id' });
    for (const { xmin, json } of rows) {
      const element = Buffer.from(json);
      const id = idOfElement(element, 0);
      if (missing.get(id) === xmin) fetched.set(id, element);
    }
    if (fetched.size < missing.size) return yield* keptWhenRead(answer);
  }
  const elements = patchedElements({ body: base.body, ...base.records }, positions, wanted, fetched);
  // The same records in the same places (an edit, the usual change): their ids and places carry over.
  const kept = keptRecords(samePlaces ? { ...elements, ids: base.records.ids } : elements, base.records.since);
  if (samePlaces) positionsByRecords.set(kept.records, positions);
  cache.put(key, { ...made, ...kept });
  yield elements.body;
}

const positionsByRecords = new WeakMap<CopyRecords, Map<string, number>>();

/** Each record's place among a copy's elements, worked out once per copy. */
function positionsOf(records: CopyRecords): Map<string, number> {
  let positions = positionsByRecords.get(records);
  if (!positions) {
    positions = new Map(records.ids.map((id, j) => [id, j]));
    positionsByRecords.set(records, positions);
  }
  return positions;
}

function keptRecords({ body, ids, xmins, starts }: Elements, since: number): { body: Buffer; records: CopyRecords } {
  return { body, records: { ids, xmins, starts, since } };
}

/** Parts already at hand (a kept answer, or none): enclosedArray copies a single one once, with the text around it. */
async function* pieces(...parts: Uint8Array[]): AsyncGenerator<Uint8Array> {
  yield* parts;
}
