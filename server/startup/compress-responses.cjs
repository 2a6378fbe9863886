// Loaded with `node --require` before `next start` (server/startup/server-command.ts): compresses
// the answers of the HTTP server Next creates, in place of Next's own compression, which
// next.config.ts turns off (`compress: false`). The same middleware Next uses (`compression`),
// with cheaper settings for what is made for each request (pages, tRPC and REST answers): Brotli at
// quality 2 for a client that takes it (browsers do, and Node's fetch), else gzip at level 1.
// Next's gzip at level 6 cost about 1.6 ms of CPU for My memories' page, sent in five pieces,
// for 17.2 kB; Brotli at quality 2 costs 0.9 ms for 14.2 kB (docs/architecture.md "Compression").
// The build's static files keep what Next sent, gzip at level 6: the same bytes for everyone,
// cached by browsers, and what the first-load budget counts. Plain CommonJS: it runs before any
// TypeScript loader.
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload */
const http = require('node:http');
const zlib = require('node:zlib');
const compression = require('compression');

const STATIC_PREFIX = '/_next/static/';

/**
 * An answer the app compressed itself (the runtime list's kept answer, server/http/kept-brotli.ts)
 * names its coding in this header: Next drops a route's own `Content-Encoding`, so the header is
 * renamed here, and the compression below then leaves the answer as it is ("already encoded").
 * The app sends such answers only when this preload announces the header on `globalThis`: under
 * `npm run dev`, without it, every answer stays plain for Next to send.
 */
const ENCODED_HEADER = 'x-memory-console-encoded';
globalThis[Symbol.for('memory-console.encoded-answer-header')] = ENCODED_HEADER;

// The renaming is installed once, on every answer's prototype, rather than around each request.
const isEncodedHeader = (name) =>
  typeof name === 'string' && name.length === ENCODED_HEADER.length && name.toLowerCase() === ENCODED_HEADER;
const { setHeader, appendHeader } = http.ServerResponse.prototype;
http.ServerResponse.prototype.setHeader = function setRenamed(name, value) {
  return setHeader.call(this, isEncodedHeader(name) ? 'Content-Encoding' : name, value);
};
http.ServerResponse.prototype.appendHeader = function appendRenamed(name, value) {
  return isEncodedHeader(name) ? setHeader.call(this, 'Content-Encoding', value) : appendHeader.call(this, name, value);
};
const compressMade = compression({ level: 1, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } } });
const compressStatic = compression({ level: 6 });

/**
 * A static file's request, told that its client takes no Brotli (also under `*`): it gets gzip, as
 * from Next.
 */
function gzipOnly(request) {
  const accepted = request.headers['accept-encoding'];
  if (typeof accepted !== 'string') return;
  const others = accepted.split(',').filter((coding) => coding.trim() !== '' && coding.split(';')[0].trim().toLowerCase() !== 'br');
  request.headers['accept-encoding'] = [...others, 'br;q=0'].join(',');
}

const createServer = http.createServer;
http.createServer = function compressingServer(...args) {
  const at = args.findIndex((arg) => typeof arg === 'function');
  if (at !== -1) {
    const listener = args[at];
    args[at] = function compressed(request, response) {
      const isStatic = typeof request.url === 'string' && request.url.startsWith(STATIC_PREFIX);
      if (isStatic) gzipOnly(request);
      (isStatic ? compressStatic : compressMade)(request, response, () => listener.call(this, request, response));
    };
  }
  return createServer.apply(this, args);
};
