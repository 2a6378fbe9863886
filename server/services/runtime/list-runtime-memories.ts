// POST /api/runtime/memories/list: every record at the scopes given (or at the scopes of the
// person given), after the scopes are checked: those the token's organisation does not hold are
// skipped and named (check-runtime-scopes.ts). The records are one statement that writes their
// JSON itself, in parts streamed as the server sends them (json-parts.ts), as the read-back does:
// no row per record is parsed or mapped here (docs/benchmarks.md "The runtime API").
import type { PrismaClient } from '../../db/generated/client';
import { Prisma } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import type { RuntimeScopes } from './check-runtime-scopes';
import { jsonArrayPieces, jsonPartsSql, type AroundArray } from '../json-parts';
import { offeredSql } from '../memories/visible-rows';
import { isoTimestampSql } from '../memories/visible-winners-sql';
import { runtimeReadScopes, type RuntimeReadScopesInput } from './runtime-read-scopes';

export type ListRuntimeMemoriesInput = RuntimeReadScopesInput;

/**
 * Rows whose `json` are the parts (json-parts.ts) of the records at `scopes` offered at `now`, by key
 * then scope, each written as toRuntimeRecord (server/runtime/record-fields.ts) writes it: `{ id,
 * key, text, scope, pinned, author, version, threadId?, runId?, updatedAt, expiresAt? }`, an unset
 * optional left out, timestamps as `Date.toISOString` writes them.
 */
export function runtimeRecordsJsonSql(scopes: readonly string[], now: Date): Prisma.Sql {
  const optional = (name: string) => Prisma.raw(`CASE WHEN m."${name}" <> '' THEN ',"${name}":' || to_json(m."${name}") ELSE '' END`);
  return jsonPartsSql(Prisma.sql`SELECT row_number() OVER (ORDER BY m."key", m."scope") AS "n",
      '{"id":' || to_json(m."id") || ',"key":' || to_json(m."key") || ',"text":' || to_json(m."text") || ',"scope":' || to_json(m."scope")
      || ',"pinned":' || m."pinned"::text || ',"author":' || to_json(m."author"::text) || ',"version":' || m."version"::text
      || ${optional('threadId')} || ${optional('runId')} || ',"updatedAt":"' || ${isoTimestampSql('m."updatedAt"')} || '"'
      || CASE WHEN m."expiresAt" IS NOT NULL THEN ',"expiresAt":"' || ${isoTimestampSql('m."expiresAt"')} || '"' ELSE '' END
      || '}' AS "json"
    FROM "agent_memory" m WHERE m."scope" = ANY(${[...scopes]}::text[]) AND ${offeredSql('m', now)}`);
}

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
