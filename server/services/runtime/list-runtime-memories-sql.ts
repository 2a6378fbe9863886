// The statements behind the runtime's list (list-runtime-memories.ts): the records at the scopes as
// the elements of their JSON array, which versions of which records an answer holds, and the one
// that says whether a kept copy of it is still right.
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import { expiryAheadSql, offeredSql } from '../memories/visible-rows';
import { isoTimestampSql } from '../memories/visible-winners-sql';

/** `,"name":value` of record `m`'s optional text column `name`, or nothing when it is unset or empty. */
const optionalMember = (name: string) => `CASE WHEN m."${name}" <> '' THEN ',"${name}":' || to_json(m."${name}") ELSE '' END`;

/**
 * One record `m` as toRuntimeRecord (server/runtime/record-fields.ts) writes it: `{ id, key, text,
 * scope, pinned, author, version, threadId?, runId?, updatedAt, expiresAt? }`, an unset optional left
 * out, timestamps as `Date.toISOString` writes them. It begins `{"id":` and the id's JSON string.
 */
const RECORD_JSON =
  Prisma.raw(`'{"id":' || to_json(m."id") || ',"key":' || to_json(m."key") || ',"text":' || to_json(m."text") || ',"scope":' || to_json(m."scope")
      || ',"pinned":' || m."pinned"::text || ',"author":' || to_json(m."author"::text) || ',"version":' || m."version"::text
      || ${optionalMember('threadId')} || ${optionalMember('runId')} || ',"updatedAt":"' || ${isoTimestampSql('m."updatedAt"').text} || '"'
      || CASE WHEN m."expiresAt" IS NOT NULL THEN ',"expiresAt":"' || ${isoTimestampSql('m."expiresAt"').text} || '"' ELSE '' END
      || '}'`);

/** A record's row, of runtimeRecordsSql and runtimeRecordsByIdSql (recordRowSchema). */
const RECORD_ROW = Prisma.sql`SELECT m."xmin"::text AS "xmin", ${RECORD_JSON} AS "json"`;

/** The records at `scopes` offered at `now`. */
function atScopesSql(scopes: readonly string[], now: Date): Prisma.Sql {
  return Prisma.sql`FROM "agent_memory" m WHERE m."scope" = ANY(${[...scopes]}::text[]) AND ${offeredSql('m', now)}`;
}

/**
 * A row per record at `scopes` offered at `now`, by key then scope: `xmin`, the transaction that
 * wrote this version of it (with the record's id, it names what the record holds: see
 * list-runtime-memories.ts), and `json`, the record's JSON (RECORD_JSON). Read as bytes through
 * the pool (SqlRunner.copyOut: the two columns apart by U+0002, which neither holds).
 */
export function runtimeRecordsSql(scopes: readonly string[], now: Date): Prisma.Sql {
  return Prisma.sql`${RECORD_ROW}
    ${atScopesSql(scopes, now)}
    ORDER BY m."key", m."scope"`;
}

/** A row of runtimeRecordsSql or runtimeRecordsByIdSql as a query (not a copy) reads it. */
export const recordRowSchema = z.object({ xmin: z.string(), json: z.string() });

/**
 * One row: `records`, each record runtimeRecordsSql would answer, in its order, as its `xmin`, the
 * character U+001F and its id, these pairs joined by U+001F too; and `count`, how many there are
 * (an id holding U+001F shows as a count that does not match, and is then not read from this).
 * Its text never changes: it stays prepared.
 */
export function runtimeRecordVersionsSql(scopes: readonly string[], now: Date): Prisma.Sql {
  const apart = Prisma.raw(`chr(${RECORD_PAIRS_APART.charCodeAt(0)})`);
  return Prisma.sql`SELECT COALESCE(string_agg(m."xmin"::text || ${apart} || m."id", ${apart} ORDER BY m."key", m."scope"), '') AS "records",
      count(*)::int AS "count"
    ${atScopesSql(scopes, now)}`;
}

/** What runtimeRecordVersionsSql writes between an `xmin` and its id, and between two pairs. */
export const RECORD_PAIRS_APART = '\u001f';

export const recordVersionsRowSchema = z.object({ records: z.string(), count: z.number().int() });

/** The records with the ids given, as runtimeRecordsSql writes them, in no order; one not there has no row. Stays prepared. */
export function runtimeRecordsByIdSql(ids: readonly string[]): Prisma.Sql {
  return Prisma.sql`${RECORD_ROW}
    FROM "agent_memory" m WHERE m."id" = ANY(${[...ids]}::text[])`;
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
