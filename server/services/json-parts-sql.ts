// The statement that aggregates a JSON array's elements into a few parts (json-parts.ts), and the
// schema of its rows.
import { z } from 'zod';
import { Prisma } from '../db/generated/client';

/**
 * Elements per row of the statement: about 200 kB of JSON text at 200 bytes or so an element, so
 * 2,500 elements come in three rows. Through the pool the rows are bytes as the server sends them
 * (COPY), whatever their number; elsewhere each row is one string, and a row per element cost the
 * driver most of its work per request.
 */
const ELEMENTS_PER_PART = 1000;

/**
 * Rows whose `json` are the parts of an array (its elements joined by commas, each part after the
 * first starting with a comma, no brackets), in order. `elements` is a statement whose rows are
 * `"n"` (the element's place, from 1, without gaps) and `"json"` (the element's JSON text).
 */
export function jsonPartsSql(elements: Prisma.Sql): Prisma.Sql {
  const part = Prisma.raw(`(e."n" - 1) / ${ELEMENTS_PER_PART}`);
  return Prisma.sql`SELECT CASE WHEN ${part} > 0 THEN ',' ELSE '' END || string_agg(e."json", ',' ORDER BY e."n") AS "json"
  FROM (${elements}) e
  GROUP BY ${part} ORDER BY ${part}`;
}

/** A part of the array: its elements' JSON text joined by commas. */
export const partRowSchema = z.object({ json: z.string() });
