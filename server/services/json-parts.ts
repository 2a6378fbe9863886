// A JSON array written by the database in a few parts of many elements each, and read as the bytes
// the server sends: the server neither parses a row per element nor holds the whole array at once
// (docs/architecture.md "The read path"; docs/benchmarks.md "Why the read-back is built this way").
// The read-back (memories/list-agent-memory-json.ts) answers this way; the runtime's list
// (runtime/list-runtime-memories.ts) reads a row per record instead, to keep each one apart, and
// shares the brackets around it (enclosedArray).
import type { Prisma } from '../db/generated/client';
import { withLiterals } from '../db/sql-runner';
import { readRows, type ServiceContext } from './context';
import { partRowSchema } from './json-parts-sql';

/** Text written around the array: the runtime's list answers an object whose first member is it. */
export interface AroundArray {
  before?: string;
  after?: string;
}

/**
 * The array of jsonPartsSql's `query` as JSON text in pieces that join into it (`[]` when it has no
 * element), with `around`'s text before and after it. On PostgreSQL's pool the pieces are the bytes
 * the server sends (SqlRunner.copyOut, a line feed after each part, which JSON reads as white
 * space), each read when the one before it was taken: the answer never becomes a string here, and
 * memory holds a chunk or two of it. Elsewhere (the embedded database, a test's Prisma) the parts
 * are read at once and sent one by one. The statement runs when the first piece is asked for.
 */
export function jsonArrayPieces(
  ctx: Pick<ServiceContext, 'db' | 'sql'>,
  query: Prisma.Sql,
  around: AroundArray = {},
): AsyncGenerator<Uint8Array> {
  return enclosedArray(jsonArrayParts(ctx, query), around);
}

/** The parts of jsonPartsSql's `query` as jsonArrayPieces reads them, without the brackets: none when it has no element. */
export function jsonArrayParts(ctx: Pick<ServiceContext, 'db' | 'sql'>, query: Prisma.Sql): AsyncIterable<Uint8Array> {
  return ctx.sql?.copyOut ? ctx.sql.copyOut(withLiterals(query.text, query.values)) : partsAtOnce(ctx, query);
}

/** `parts` (jsonArrayParts) as a JSON array, with `around`'s text before and after it. */
export function enclosedArray(parts: AsyncIterable<Uint8Array>, around: AroundArray = {}): AsyncGenerator<Uint8Array> {
  const [open, close] = arrayEnds(around);
  return enclosed(open, parts, close);
}

/** The text before an array's elements (`around.before` and the bracket) and after them. */
export function arrayEnds(around: AroundArray = {}): [Buffer, Buffer] {
  return [Buffer.from(`${around.before ?? ''}[`), Buffer.from(`]${around.after ?? ''}`)];
}

async function* partsAtOnce(ctx: Pick<ServiceContext, 'db' | 'sql'>, query: Prisma.Sql): AsyncGenerator<Uint8Array> {
  for (const part of await readRows(ctx, query, partRowSchema)) yield Buffer.from(part.json);
}

/**
 * The pieces between `open` and `close`: one is held back until the next arrives, so that the
 * first carries `open` and the last `close`, and no piece of a few bytes costs a write of its own.
 * A single piece is copied once, with both.
 */
async function* enclosed(open: Buffer, pieces: AsyncIterable<Uint8Array>, close: Buffer): AsyncGenerator<Uint8Array> {
  let held: Uint8Array | undefined;
  let first = true;
  for await (const piece of pieces) {
    if (held !== undefined) {
      yield first ? Buffer.concat([open, held]) : held;
      first = false;
    }
    held = piece;
  }
  yield Buffer.concat(held === undefined ? [open, close] : first ? [open, held, close] : [held, close]);
}
