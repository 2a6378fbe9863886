// The statement behind the runtime's read-back (list-agent-memory-json.ts): the contract's array
// as JSON text in parts.
import { Prisma } from '../../db/generated/client';
import { jsonPartsSql } from '../json-parts-sql';
import type { ListAgentMemoryJsonInput } from './list-agent-memory-json';
import { offeredSql } from './visible-rows';
import { isoTimestampSql } from './visible-winners-sql';

/**
 * Rows whose `json` are the parts of the contract's array (its elements joined by commas, each
 * part after the first starting with a comma, no brackets), in order, its elements in display
 * order (scope rank, key,
 * id), each `{ id, key, text, scope, pinned, origin, updatedAt, overrides }`. `pinned` is
 * the key's (an entry overriding a pinned value is always-on too); origin leaves out what is unset;
 * updatedAt is written as `Date.toISOString` writes it.
 */
export function agentMemoryJsonSql({ viewer, threadId }: ListAgentMemoryJsonInput, now: Date): Prisma.Sql {
  const scopes = [...viewer.scopes];
  const rankOf = (alias: string) => Prisma.sql`array_position(${scopes}::text[], ${Prisma.raw(`"${alias}"`)}."scope")`;
  const thread = threadId ? Prisma.sql`WHERE w."threadId" = ${threadId}` : Prisma.empty;
  const optional = (name: string) => Prisma.raw(`CASE WHEN w."${name}" <> '' THEN ',"${name}":' || to_json(w."${name}") ELSE '' END`);
  // One pass over the visible records in (key, rank) order: the first of each key wins and the
  // window gives it the key's pin and how many records the key has; only a key with more than one
  // looks up the values its winner beats. The element is written as text (to_json escapes each
  // string), which costs the database a fraction of json_build_object's per-row work. The elements
  // are then aggregated into parts (json-parts.ts).
  return jsonPartsSql(Prisma.sql`SELECT row_number() OVER (ORDER BY w."rank", w."key" COLLATE "C", w."id" COLLATE "C") AS "n", '{"id":' || to_json(w."id") || ',"key":' || to_json(w."key") || ',"text":' || to_json(w."text")
      || ',"scope":' || to_json(w."scope") || ',"pinned":' || w."alwaysOn"::text
      || ',"origin":{"author":' || to_json(w."author"::text) || ${optional('threadId')} || ${optional('runId')} || ${optional('actorRef')}
      || '},"updatedAt":"' || ${isoTimestampSql('w."updatedAt"')} || '","overrides":'
      || CASE WHEN w."records" > 1 THEN (
        SELECT json_agg(json_build_object('scope', b."scope", 'text', b."text", 'author', b."author") ORDER BY ${rankOf('b')})
        FROM "agent_memory" b WHERE b."key" = w."key" AND b."scope" = ANY(${scopes}::text[]) AND b."id" <> w."id" AND ${offeredSql('b', now)})::text ELSE '[]' END
      || '}' AS "json"
    FROM (
      SELECT DISTINCT ON (m."key" COLLATE "C") m."id", m."key", m."text", m."scope", m."author", m."threadId", m."runId", m."actorRef",
        m."updatedAt", ${rankOf('m')} AS "rank", bool_or(m."pinned") OVER "whole" AS "alwaysOn", count(*) OVER "whole" AS "records"
      FROM "agent_memory" m WHERE m."scope" = ANY(${scopes}::text[]) AND ${offeredSql('m', now)}
      WINDOW "whole" AS (PARTITION BY m."key" COLLATE "C" ORDER BY ${rankOf('m')} ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
      ORDER BY m."key" COLLATE "C", ${rankOf('m')}
    ) w ${thread}`);
}
