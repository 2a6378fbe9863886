// The runtime's read-back (README "REST endpoints for the runtime client"): every memory that
// applies to a person, one per key with the values it overrides, no page and no budget — as the
// JSON text of the whole array, written by the database in a few parts of many elements each, so the
// server neither parses a row per memory nor holds the whole array at once (docs/architecture.md
// "The read path"). The same precedence as the list (visible-winners-sql.ts): the narrowest scope
// wins, a key pinned at any of the person's scopes is always-on.
import type { Viewer } from '../../auth/viewer';
import { Prisma } from '../../db/generated/client';
import { readRowBatches, type ServiceCall } from '../context';
import { isoTimestampSql } from './visible-winners-sql';

export interface ListAgentMemoryJsonInput {
  viewer: Pick<Viewer, 'scopes'>;
  /** Keep memories whose winning value came from this conversation. */
  threadId?: string;
}

/**
 * Elements per row of the statement: about 200 kB of JSON text at the read-back's 200 bytes or so
 * an element, so a person who sees 2,500 memories gets three parts, each one read from the database
 * and written to the socket as it comes. Each part costs a fetch, a chunk of the stream and a
 * write; 500 a part cost the server about 2 ms more per request (README "Benchmarks").
 */
const ELEMENTS_PER_PART = 1000;
/** Parts per fetch: each fetch is a round trip, and fewer of them was most of the cursor's cost. */
const PARTS_PER_FETCH = 2;

/**
 * Rows whose `json` are the parts of the contract's array (its elements joined by commas, no
 * brackets), in order, its elements in display order (scope rank, key,
 * id), each `{ id, key, text, scope, pinned, origin, updatedAt, overrides }`. `pinned` is
 * the key's (an entry overriding a pinned value is always-on too); origin leaves out what is unset;
 * updatedAt is written as `Date.toISOString` writes it.
 */
export function agentMemoryJsonSql({ viewer, threadId }: ListAgentMemoryJsonInput): Prisma.Sql {
  const scopes = [...viewer.scopes];
  const rankOf = (alias: string) => Prisma.sql`array_position(${scopes}::text[], ${Prisma.raw(`"${alias}"`)}."scope")`;
  const thread = threadId ? Prisma.sql`WHERE w."threadId" = ${threadId}` : Prisma.empty;
  const optional = (name: string) =>
    Prisma.raw(`CASE WHEN w."${name}" <> '' THEN ',"${name}":' || to_json(w."${name}") ELSE '' END`);
  // One pass over the visible records in (key, rank) order: the first of each key wins and the
  // window gives it the key's pin and how many records the key has; only a key with more than one
  // looks up the values its winner beats. The element is written as text (to_json escapes each
  // string), which costs the database a fraction of json_build_object's per-row work. The elements
  // are then aggregated into parts of ELEMENTS_PER_PART: the driver reads a few rows instead of one
  // per memory, which was most of its work and of the garbage collector's per request, and never
  // the whole array at once (README "Benchmarks").
  const part = Prisma.raw(`(e."n" - 1) / ${ELEMENTS_PER_PART}`);
  return Prisma.sql`SELECT string_agg(e."json", ',' ORDER BY e."n") AS "json"
  FROM (SELECT row_number() OVER (ORDER BY w."rank", w."key" COLLATE "C", w."id" COLLATE "C") AS "n", '{"id":' || to_json(w."id") || ',"key":' || to_json(w."key") || ',"text":' || to_json(w."text")
      || ',"scope":' || to_json(w."scope") || ',"pinned":' || w."alwaysOn"::text
      || ',"origin":{"author":' || to_json(w."author"::text) || ${optional('threadId')} || ${optional('runId')} || ${optional('actorRef')}
      || '},"updatedAt":"' || ${isoTimestampSql('w."updatedAt"')} || '","overrides":'
      || CASE WHEN w."records" > 1 THEN (
        SELECT json_agg(json_build_object('scope', b."scope", 'text', b."text", 'author', b."author") ORDER BY ${rankOf('b')})
        FROM "agent_memory" b WHERE b."key" = w."key" AND b."scope" = ANY(${scopes}::text[]) AND b."id" <> w."id")::text ELSE '[]' END
      || '}' AS "json"
    FROM (
      SELECT DISTINCT ON (m."key" COLLATE "C") m."id", m."key", m."text", m."scope", m."author", m."threadId", m."runId", m."actorRef",
        m."updatedAt", ${rankOf('m')} AS "rank", bool_or(m."pinned") OVER "whole" AS "alwaysOn", count(*) OVER "whole" AS "records"
      FROM "agent_memory" m WHERE m."scope" = ANY(${scopes}::text[])
      WINDOW "whole" AS (PARTITION BY m."key" COLLATE "C" ORDER BY ${rankOf('m')} ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
      ORDER BY m."key" COLLATE "C", ${rankOf('m')}
    ) w ${thread}) e
  GROUP BY ${part} ORDER BY ${part}`;
}

/**
 * The contract's array as JSON text in pieces that join into it (`[]` when nothing is visible):
 * each part of the statement as it is read, the next one fetched only when this one was taken.
 */
export async function* listAgentMemoryJson({ ctx, input }: ServiceCall<ListAgentMemoryJsonInput>): AsyncGenerator<string> {
  // One part is held back until the next arrives, so the last carries the closing bracket and no
  // piece of one byte costs a write of its own.
  let held: string | undefined;
  for await (const rows of readRowBatches<{ json: string }>(ctx, agentMemoryJsonSql(input), PARTS_PER_FETCH)) {
    for (const row of rows) {
      if (held !== undefined) yield held;
      held = (held === undefined ? '[' : ',') + row.json;
    }
  }
  yield held === undefined ? '[]' : `${held}]`;
}
