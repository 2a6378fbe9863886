// A kept answer sent in Brotli made once. The server compresses what it makes for each request
// (server/startup/compress-responses.cjs); an answer handed out again unchanged, such as the
// runtime list's kept answer, would be compressed again for every turn of every runtime asking. Its
// Brotli is made once instead, for the body and the text around it, and kept beside it until the
// answer is replaced (docs/architecture.md "Compression").
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { arrayEnds, type AroundArray } from '../services/json-parts';

const compress = promisify(brotliCompress);

/**
 * The header through which an answer names its coding, when the server's compression
 * (server/startup/compress-responses.cjs, preloaded by `npm start`) is there to turn it into
 * `Content-Encoding`; undefined otherwise (`npm run dev`, tests), and then no answer is sent
 * compressed by the app.
 */
export function encodedAnswerHeader(): string | undefined {
  // The symbol's name is the preload's own (compress-responses.cjs, plain CommonJS, cannot import this).
  const header = (globalThis as Record<symbol, unknown>)[Symbol.for('memory-console.encoded-answer-header')];
  return typeof header === 'string' ? header : undefined;
}

/**
 * Quality 2, as the server compresses every answer: on the runtime list's 441 kB, quality 5 took
 * three times as long and came out larger (38,508 bytes against 38,374).
 */
const KEPT_QUALITY = 2;

const made = new WeakMap<Buffer, { text: string; bytes: Promise<Uint8Array<ArrayBuffer>> }>();

/**
 * Whether an `Accept-Encoding` header takes Brotli: `br`, or `*` when `br` is not named, with a
 * weight above 0. A client that names none gets what the server's compression chooses.
 */
export function takesBrotli(acceptEncoding: string | null | undefined): boolean {
  if (!acceptEncoding) return false;
  let star = false;
  for (const entry of acceptEncoding.split(',')) {
    const [coding = '', ...params] = entry.split(';').map((part) => part.trim());
    const q = params.find((param) => /^q=/i.test(param));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    const name = coding.toLowerCase();
    if (name === 'br') return weight > 0;
    if (name === '*') star = weight > 0;
  }
  return star;
}

/**
 * The answer — `around.before`, the array of the kept `body`'s elements, `around.after` — as one
 * Brotli stream, made once for that body (the same Buffer while its answer is kept) and that text
 * around it: again only when the text differs (another request's scopes) or the body is replaced.
 * It is dropped with the body.
 */
export function keptBrotli(body: Buffer, around: AroundArray): Promise<Uint8Array<ArrayBuffer>> {
  const text = `${around.before ?? ''}\u0000${around.after ?? ''}`;
  const found = made.get(body);
  if (found?.text === text) return found.bytes;
  const [open, close] = arrayEnds(around);
  const bytes = compress(Buffer.concat([open, body, close]), { params: { [constants.BROTLI_PARAM_QUALITY]: KEPT_QUALITY } }).then(
    (compressed) => new Uint8Array(compressed), // a Response's body: its own ArrayBuffer, not a slice of Node's pool
  );
  made.set(body, { text, bytes });
  // A failure is not kept: the next request makes it again.
  bytes.catch(() => {
    if (made.get(body)?.bytes === bytes) made.delete(body);
  });
  return bytes;
}
