// POST /api/runtime/memories/list: every record at the scopes given (or at the scopes of the
// person given), after the scopes are checked: those the token's organisation does not hold are
// skipped and named (check-runtime-scopes.ts). The records are one statement that writes their
// JSON itself, in parts streamed as the server sends them (json-parts.ts), as the read-back does:
// no row per record is parsed or mapped here (docs/benchmarks.md "The runtime API"). A runtime asks
// for the same person's records every turn and they seldom change in between, so the answer's
// array is kept (answer-cache.ts) and handed out again while one short statement says nothing at
// its scopes changed (docs/architecture.md "The runtime list's answer cache").
import type { PrismaClient } from '../../db/generated/client';
import { readRows, type ServiceCall, type ServiceContext } from '../context';
import type { RuntimeScopes } from './check-runtime-scopes';
import { enclosedArray, jsonArrayParts, type AroundArray } from '../json-parts';
import { answerCacheOf, type AnswerCache, type AnswerCopy } from './answer-cache';
import { runtimeRecordsJsonSql, scopeVersionsRowSchema, scopeVersionsSql } from './list-runtime-memories-sql';
import { runtimeReadScopes, type RuntimeReadScopesInput } from './runtime-read-scopes';

export type ListRuntimeMemoriesInput = RuntimeReadScopesInput;

/** The scopes read and skipped, and the records as the pieces of their JSON array (json-parts.ts `jsonArrayPieces`). */
export interface RuntimeMemoriesJson extends RuntimeScopes {
  /** `around`: text written before and after the array, in its first and last piece. */
  records: (around?: AroundArray) => AsyncGenerator<Uint8Array>;
}

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
  if (copy) return { ...read, records: (around) => enclosedArray(pieces(copy), around) };
  const made = { versions, madeAt: now.getTime(), validUntil: nextExpiry ? nextExpiry.getTime() : Infinity };
  return {
    ...read,
    records: (around) => enclosedArray(keptWhenRead(ctx, runtimeRecordsJsonSql(read.scopes, now), cache, key, made), around),
  };
}

/**
 * The parts of the records' array, kept in `cache` under `key` once the last has been read (an
 * answer cut short, by an error or a client that left, is not kept, nor one too large for the
 * cache, which is not held in memory either).
 */
async function* keptWhenRead(
  ctx: Pick<ServiceContext, 'db' | 'sql'>,
  query: ReturnType<typeof runtimeRecordsJsonSql>,
  cache: AnswerCache,
  key: string,
  made: Omit<AnswerCopy, 'body'>,
): AsyncGenerator<Uint8Array> {
  // Gathered only while it may still be kept: a larger answer streams through as before.
  let parts: Uint8Array[] | null = [];
  let bytes = 0;
  for await (const part of jsonArrayParts(ctx, query)) {
    bytes += part.length;
    if (parts && bytes > cache.largestCopy) parts = null;
    parts?.push(part);
    yield part;
  }
  if (parts) cache.put(key, { ...made, body: Buffer.concat(parts) });
}

/** Parts already at hand (a kept answer, or none): enclosedArray copies a single one once, with the text around it. */
async function* pieces(...parts: Uint8Array[]): AsyncGenerator<Uint8Array> {
  yield* parts;
}
