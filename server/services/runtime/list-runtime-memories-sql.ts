// The statement behind the runtime's list (list-runtime-memories.ts): the records at the scopes
// as the parts of their JSON array.
import { Prisma } from '../../db/generated/client';
import { jsonPartsSql } from '../json-parts-sql';
import { offeredSql } from '../memories/visible-rows';
import { isoTimestampSql } from '../memories/visible-winners-sql';

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
