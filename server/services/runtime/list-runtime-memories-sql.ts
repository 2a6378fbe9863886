// The statement behind the runtime's list (list-runtime-memories.ts): the records at the scopes
// as the parts of their JSON array, and the one that says whether a kept copy of it is still right.
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import { jsonPartsSql } from '../json-parts-sql';
import { expiryAheadSql, offeredSql } from '../memories/visible-rows';
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

/**
 * One row: `versions`, the versions of `scopes` (scope_version; 0 for a scope never changed) joined
 * by commas in the order given, and `nextExpiry`, the soonest expiry after `now` of any record at
 * them (muted ones too: an earlier moment only makes a copy end sooner), one index step per scope.
 * Its text never changes: it stays prepared.
 */
export function scopeVersionsSql(scopes: readonly string[], now: Date): Prisma.Sql {
  return Prisma.sql`SELECT COALESCE(string_agg(COALESCE(v."version", 0)::text, ',' ORDER BY s."n"), '') AS "versions",
      min(x."expiresAt") AS "nextExpiry"
    FROM unnest(${[...scopes]}::text[]) WITH ORDINALITY AS s("scope", "n")
    LEFT JOIN "scope_version" v ON v."scope" = s."scope"
    LEFT JOIN LATERAL (SELECT m."expiresAt" FROM "agent_memory" m
                        WHERE m."scope" = s."scope" AND ${expiryAheadSql('m', now)}
                        ORDER BY m."expiresAt" LIMIT 1) x ON true`;
}

export const scopeVersionsRowSchema = z.object({ versions: z.string(), nextExpiry: z.date().nullable() });
