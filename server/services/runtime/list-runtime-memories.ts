// POST /api/runtime/memories/list: every record at the scopes given (or at the scopes of the
// person given), after the scopes are checked: those the token's organisation does not hold are
// skipped and named (check-runtime-scopes.ts). The records are one statement that writes their
// JSON itself, in parts streamed as the server sends them (json-parts.ts), as the read-back does:
// no row per record is parsed or mapped here (docs/benchmarks.md "The runtime API").
import type { PrismaClient } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import type { RuntimeScopes } from './check-runtime-scopes';
import { jsonArrayPieces, type AroundArray } from '../json-parts';
import { runtimeRecordsJsonSql } from './list-runtime-memories-sql';
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
  const query = read.scopes.length === 0 ? null : runtimeRecordsJsonSql(read.scopes, ctx.now());
  return { ...read, records: (around) => (query ? jsonArrayPieces(ctx, query, around) : noElements(around)) };
}

async function* noElements(around: AroundArray = {}): AsyncGenerator<Uint8Array> {
  yield Buffer.from(`${around.before ?? ''}[]${around.after ?? ''}`);
}
