// The runtime list's answer as elements of one JSON array, each known by the record and the version
// of it it shows, so that an answer after a change can take every element that did not change from
// the copy before it (list-runtime-memories.ts; docs/architecture.md "The runtime list's answer
// cache"). Rows come from list-runtime-memories-sql.ts.
import { COPY_COLUMNS_APART } from '../../db/sql-runner';
import { RECORD_PAIRS_APART } from './list-runtime-memories-sql';

/** Records read from the database: their elements, and which record and version each is. */
export interface ElementBatch {
  /** The elements joined by commas, after a comma unless the first is the answer's first. */
  bytes: Buffer;
  ids: string[];
  xmins: string[];
  /** Where each element begins in `bytes`. */
  starts: number[];
}

/** The elements of a whole answer (AnswerCopy's `body` and `records`, without `since`). */
export interface Elements {
  body: Buffer;
  ids: string[];
  xmins: string[];
  /** Where each element begins in `body`, and then `body.length + 1`. */
  starts: Uint32Array;
}

const LINE_FEED = 0x0a;
const COMMA = 0x2c;
const ID_AT = Buffer.byteLength('{"id":');
const AFTER_ID = Buffer.from(',"key":');

/**
 * The id of the record whose JSON begins at `start` of `bytes`: the JSON string after `{"id":`,
 * which ends where `,"key":` first follows (a quotation mark inside a JSON string is escaped).
 */
export function idOfElement(bytes: Buffer, start: number): string {
  const end = bytes.indexOf(AFTER_ID, start + ID_AT);
  if (end < 0 || bytes[start + ID_AT] !== 0x22) throw new Error('A runtime record’s JSON does not begin with its id and key.');
  const id = bytes.toString('utf8', start + ID_AT + 1, end - 1);
  return id.includes('\\') ? (JSON.parse(bytes.toString('utf8', start + ID_AT, end)) as string) : id;
}

/**
 * The rows of runtimeRecordsSql as copied through the pool (SqlRunner.copyOut: `xmin`, U+0002, the
 * JSON, a line feed), in batches of the rows each chunk completes. A row cut by a chunk waits for
 * the next.
 */
export function copiedElements(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<ElementBatch> {
  return batchesOfCopy(chunks);
}

async function* batchesOfCopy(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<ElementBatch> {
  let rest: Buffer | undefined;
  let first = true;
  for await (const chunk of chunks) {
    const bytes = rest ? Buffer.concat([rest, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const out = Buffer.allocUnsafe(bytes.length);
    const batch: ElementBatch = { bytes: out, ids: [], xmins: [], starts: [] };
    let written = 0;
    let at = 0;
    for (let end = bytes.indexOf(LINE_FEED, at); end >= 0; end = bytes.indexOf(LINE_FEED, at)) {
      const json = bytes.indexOf(COPY_COLUMNS_APART, at) + 1;
      if (json === 0 || json > end) throw new Error('A runtime record’s row has no JSON.');
      if (!first) out[written++] = COMMA;
      first = false;
      batch.xmins.push(bytes.toString('latin1', at, json - 1));
      batch.ids.push(idOfElement(bytes, json));
      batch.starts.push(written);
      written += bytes.copy(out, written, json, end);
      at = end + 1;
    }
    rest = at < bytes.length ? bytes.subarray(at) : undefined;
    if (batch.ids.length > 0) yield { ...batch, bytes: out.subarray(0, written) };
  }
  if (rest) throw new Error('A runtime record’s row ended before its line feed.');
}

/** The rows of runtimeRecordsSql read at once (the embedded database), as one batch; none for no row. */
export function rowElements(rows: { xmin: string; json: string }[]): ElementBatch[] {
  if (rows.length === 0) return [];
  const bytes = Buffer.from(rows.map((row) => row.json).join(','));
  const batch: ElementBatch = { bytes, ids: [], xmins: [], starts: [] };
  let start = 0;
  for (const row of rows) {
    batch.xmins.push(row.xmin);
    batch.ids.push(idOfElement(bytes, start));
    batch.starts.push(start);
    start += Buffer.byteLength(row.json) + 1;
  }
  return [batch];
}

/** The batches of one answer, in order, as one. */
export function joinedElements(batches: ElementBatch[]): Elements {
  const starts: number[] = [];
  let offset = 0;
  for (const batch of batches) {
    for (const start of batch.starts) starts.push(offset + start);
    offset += batch.bytes.length;
  }
  starts.push(offset + 1);
  return {
    body: Buffer.concat(batches.map((batch) => batch.bytes)),
    ids: batches.flatMap((batch) => batch.ids),
    xmins: batches.flatMap((batch) => batch.xmins),
    starts: Uint32Array.from(starts),
  };
}

/**
 * runtimeRecordVersionsSql's row as the records it names, in order; undefined when its `count`
 * does not match the pairs read (an id holding the separator), so it cannot be read this way.
 */
export function recordVersionsOf(row: { records: string; count: number }): { ids: string[]; xmins: string[] } | undefined {
  const parts = row.records === '' ? [] : row.records.split(RECORD_PAIRS_APART);
  if (parts.length !== 2 * row.count) return undefined;
  const ids: string[] = new Array(row.count);
  const xmins: string[] = new Array(row.count);
  for (let i = 0; i < row.count; i += 1) {
    xmins[i] = parts[2 * i]!;
    ids[i] = parts[2 * i + 1]!;
  }
  return { ids, xmins };
}

/**
 * The answer whose records are `wanted` (in order, each at its version): an element of `base` where
 * it shows that version of that record, else the one in `fetched` (by id, at that version). A run of
 * elements next to each other in `base` is copied as one.
 */
export function patchedElements(
  base: Elements,
  positions: ReadonlyMap<string, number>,
  wanted: { ids: string[]; xmins: string[] },
  fetched: ReadonlyMap<string, Buffer>,
): Elements {
  // Segments of the new body, each a range of a buffer: a run of base's elements, or one fetched.
  const sources: Buffer[] = [];
  const from: number[] = [];
  const to: number[] = [];
  const starts = new Uint32Array(wanted.ids.length + 1);
  let length = 0;
  let lastBase = -2;
  for (let i = 0; i < wanted.ids.length; i += 1) {
    const id = wanted.ids[i]!;
    const j = positions.get(id);
    if (i > 0) length += 1;
    starts[i] = length;
    if (j !== undefined && base.xmins[j] === wanted.xmins[i]) {
      const size = base.starts[j + 1]! - 1 - base.starts[j]!;
      // lastBase is base's element just copied, or -2 after a fetched one: a run goes on only after base's own.
      if (j === lastBase + 1) to[to.length - 1] = base.starts[j + 1]! - 1;
      else {
        sources.push(base.body);
        from.push(base.starts[j]!);
        to.push(base.starts[j + 1]! - 1);
      }
      lastBase = j;
      length += size;
    } else {
      const element = fetched.get(id);
      if (!element) throw new Error(`The runtime record ${id} at its version was neither kept nor read.`);
      sources.push(element);
      from.push(0);
      to.push(element.length);
      lastBase = -2;
      length += element.length;
    }
  }
  starts[wanted.ids.length] = length + 1;
  const body = Buffer.allocUnsafe(length);
  let written = 0;
  for (let s = 0; s < sources.length; s += 1) {
    if (s > 0) body[written++] = COMMA;
    written += sources[s]!.copy(body, written, from[s], to[s]);
  }
  return { body, ids: wanted.ids, xmins: wanted.xmins, starts };
}
