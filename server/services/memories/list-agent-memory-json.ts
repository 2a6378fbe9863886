// The runtime's read-back (docs/runtime-api.md "REST endpoints for the runtime client"): every
// memory that applies to a person, one per key with the values it overrides, no page and no budget
// — as the JSON text of the whole array, written by the database in a few parts of many elements
// each, so the server neither parses a row per memory nor holds the whole array at once
// (docs/architecture.md "The read path"). The same precedence as the list (visible-winners-sql.ts):
// the narrowest scope wins, a key pinned at any of the person's scopes is always-on.
import type { Viewer } from '../../auth/viewer';
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import { withLiterals } from '../../db/sql-runner';
import { readRows, type ServiceCall, type ServiceContext } from '../context';
import { offeredSql } from './visible-rows';
import { isoTimestampSql } from './visible-winners-sql';

export interface ListAgentMemoryJsonInput {
  viewer: Pick<Viewer, 'scopes'>;
  /** Keep memories whose winning value came from this conversation. */
  threadId?: string;
}

/**
 * Elements per row of the statement: about 200 kB of JSON text at the read-back's 200 bytes or so
 * an element, so a person who sees 2,500 memories gets three rows. Through the pool the rows are
 * bytes as the server sends them (COPY), whatever their number; elsewhere each row is one string,
 * and a row per memory cost the driver most of its work per request (docs/benchmarks.md "Why the
 * read-back is built this way").
 */
const ELEMENTS_PER_PART = 1000;

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
  // are then aggregated into parts of ELEMENTS_PER_PART.
  const part = Prisma.raw(`(e."n" - 1) / ${ELEMENTS_PER_PART}`);
  return Prisma.sql`SELECT CASE WHEN ${part} > 0 THEN ',' ELSE '' END || string_agg(e."json", ',' ORDER BY e."n") AS "json"
  FROM (SELECT row_number() OVER (ORDER BY w."rank", w."key" COLLATE "C", w."id" COLLATE "C") AS "n", '{"id":' || to_json(w."id") || ',"key":' || to_json(w."key") || ',"text":' || to_json(w."text")
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
    ) w ${thread}) e
  GROUP BY ${part} ORDER BY ${part}`;
}

/**
 * The contract's array as JSON text in pieces that join into it (`[]` when nothing is visible).
 * On PostgreSQL's pool the pieces are the bytes the server sends (SqlRunner.copyOut, a line feed
 * after each part, which JSON reads as white space), each read when the one before it was taken:
 * the answer never becomes a string here, and memory holds a chunk or two of it. Elsewhere (the
 * embedded database, a test's Prisma) the parts are read at once and sent one by one.
 */
export function listAgentMemoryJson({ ctx, input }: ServiceCall<ListAgentMemoryJsonInput>): AsyncGenerator<Uint8Array> {
  const query = agentMemoryJsonSql(input, ctx.now());
  return bracketed(ctx.sql?.copyOut ? ctx.sql.copyOut(withLiterals(query.text, query.values)) : partsAtOnce(ctx, query));
}

async function* partsAtOnce(ctx: Pick<ServiceContext, 'db' | 'sql'>, query: Prisma.Sql): AsyncGenerator<Uint8Array> {
  for (const part of await readRows(ctx, query, partRowSchema)) yield Buffer.from(part.json);
}

const partRowSchema = z.object({ json: z.string() });

const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');

/**
 * The pieces between the array's brackets: one is held back until the next arrives, so that the
 * first carries the opening bracket and the last the closing one, and no piece of one byte costs
 * a write of its own.
 */
async function* bracketed(pieces: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let held: Uint8Array | undefined;
  for await (const piece of pieces) {
    if (held !== undefined) yield held;
    held = held === undefined ? Buffer.concat([OPEN, piece]) : piece;
  }
  yield held === undefined ? Buffer.concat([OPEN, CLOSE]) : Buffer.concat([held, CLOSE]);
}
