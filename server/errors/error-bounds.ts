// An error answer stays small whatever the request held (docs/architecture.md "Bounded work"): a
// list of problems names its first few and counts the rest, and every text in it is cut to a
// budget measured as the bytes it takes in JSON. Both transports build their error bodies through
// this file (REST: server/http/json-response.ts; tRPC: the errorFormatter in server/api/trpc.ts).

/** No error answer of the API is larger than this, a full tRPC batch of failed calls included. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;
/** At most this many problems are listed in one error; the message counts the rest. */
export const MAX_LISTED_PROBLEMS = 20;
/**
 * The listed problems of one error together, as JSON. With the message's budget it leaves room for
 * ten failed calls (a full tRPC batch, server/api/limits.ts) in MAX_ERROR_BODY_BYTES.
 */
export const MAX_LISTED_BYTES = 4 * 1024;
/** One error's message, as JSON. */
export const MAX_MESSAGE_BYTES = 1024;
/** One listed problem's field and message, each, as JSON: one long problem leaves room for others. */
const MAX_PROBLEM_TEXT_BYTES = 512;
const ELLIPSIS = '…';
const ELLIPSIS_BYTES = 3;

/** The bytes the UTF-16 unit at `index` of `text` takes in a JSON string (a pair counts once, on its first unit). */
function jsonBytesAt(text: string, index: number): number {
  const unit = text.charCodeAt(index);
  if (unit === 0x22 || unit === 0x5c) return 2;
  if (unit < 0x20) return [0x08, 0x09, 0x0a, 0x0c, 0x0d].includes(unit) ? 2 : 6;
  if (unit < 0x80) return 1;
  if (unit < 0x800) return 2;
  if (unit >= 0xd800 && unit <= 0xdbff) {
    const next = text.charCodeAt(index + 1);
    return next >= 0xdc00 && next <= 0xdfff ? 4 : 6;
  }
  if (unit >= 0xdc00 && unit <= 0xdfff) {
    const previous = text.charCodeAt(index - 1);
    return previous >= 0xd800 && previous <= 0xdbff ? 0 : 6;
  }
  return 3;
}

/** The bytes `text` takes inside a JSON string (UTF-8, escapes included, without the quotes). */
export function jsonTextBytes(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) bytes += jsonBytesAt(text, index);
  return bytes;
}

/** `text`, or its beginning and "…" when it takes more than `maxBytes` in JSON; never half a character. */
export function clipText(text: string, maxBytes = MAX_MESSAGE_BYTES): string {
  // Six bytes is the most one UTF-16 unit can take, so a short text needs no counting.
  if (text.length * 6 <= maxBytes) return text;
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const cost = jsonBytesAt(text, index);
    if (bytes + cost > maxBytes - ELLIPSIS_BYTES) {
      if (jsonTextBytes(text.slice(index)) + bytes <= maxBytes) return text;
      // A pair is cut before its first unit, since its cost was counted there.
      return text.slice(0, index) + ELLIPSIS;
    }
    bytes += cost;
  }
  return text;
}

export interface ListedProblems<P> {
  /** The first problems, in order, each field and message cut to its budget. */
  listed: P[];
  /** How many were not listed. */
  more: number;
}

/**
 * The problems an error lists: the first MAX_LISTED_PROBLEMS that fit MAX_LISTED_BYTES together,
 * and how many of `total` (all of them unless said) are left out.
 */
export function listProblems<P extends { field: string; message: string }>(
  problems: readonly P[],
  total = problems.length,
): ListedProblems<P> {
  const listed: P[] = [];
  let bytes = 0;
  for (const problem of problems) {
    if (listed.length === MAX_LISTED_PROBLEMS) break;
    const clipped = {
      ...problem,
      field: clipText(problem.field, MAX_PROBLEM_TEXT_BYTES),
      message: clipText(problem.message, MAX_PROBLEM_TEXT_BYTES),
    };
    const size = Buffer.byteLength(JSON.stringify(clipped));
    if (bytes + size > MAX_LISTED_BYTES) break;
    listed.push(clipped);
    bytes += size;
  }
  return { listed, more: Math.max(0, total - listed.length) };
}

/** The sentence an error's message ends with when problems were left out ("" when none were). */
export function notListedSentence({ listed, more }: ListedProblems<unknown>): string {
  return more > 0 ? ` Only the first ${listed.length} are listed (and ${more.toLocaleString('en-US')} more).` : '';
}

/**
 * One sentence naming each listed problem as "field: message" (`empty` where a problem has no
 * field), then how many more there were, within MAX_MESSAGE_BYTES.
 */
export function problemsSentence(problems: readonly { field: string; message: string }[], empty = 'body'): string {
  const list = listProblems(problems);
  const more = list.more > 0 ? ` (and ${list.more.toLocaleString('en-US')} more)` : '';
  const named = list.listed.map((problem) => `${problem.field || empty}: ${problem.message}`).join('; ');
  return clipText(named, MAX_MESSAGE_BYTES - jsonTextBytes(more)) + more;
}
