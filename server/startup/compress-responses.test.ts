// The production server's compression (server/startup/compress-responses.cjs), preloaded into a
// child Node process as `npm start` preloads it, around a plain HTTP server: answers made for a
// request are compressed cheaply (Brotli at quality 2 when the client takes it, else gzip at level 1),
// an answer the app compressed itself passes as it is, its coding named in the header the preload announces,
// the build's static files with gzip at level 6 whatever the client takes, a client that takes
// neither gets the plain bytes, and a streamed page's first part reaches the browser before its end.
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gunzipSync,
  gzipSync,
  type Gzip,
  type BrotliCompress,
} from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PRELOAD = path.join(import.meta.dirname, 'compress-responses.cjs');

/** 60 kB that compresses as a page does (repeated markup, varying text), the same on both sides. */
const BODY_SOURCE = `
let seed = 7;
const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
let body = '';
while (body.length < 60000) body += '<li class="flex items-start gap-3 px-4"><p>Note ' + next().toString(36) + '</p><time>' + (next() % 9999) + '</time></li>';
`;

// The child: one server whose /page streams (its first part, a flush, then the rest only once
// /release is asked for), and whose /_next/static/chunk.js answers the same bytes as a static file.
const SERVER_SOURCE = `${BODY_SOURCE}
const http = require('node:http');
const waiting = [];
const server = http.createServer((req, res) => {
  if (req.url === '/release') { waiting.splice(0).forEach((release) => release()); return res.end('ok'); }
  if (req.url === '/_next/static/chunk.js') return res.writeHead(200, { 'content-type': 'application/javascript' }).end(body);
  if (req.url === '/kept') {
    // As Next copies a route's headers: one by one, through appendHeader.
    res.appendHeader('content-type', 'application/json');
    res.appendHeader(globalThis[Symbol.for('memory-console.encoded-answer-header')], 'br');
    return res.end(require('node:zlib').brotliCompressSync(body));
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.write(body.slice(0, 30000));
  res.flush();
  waiting.push(() => res.end(body.slice(30000)));
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

const body = new Function(`${BODY_SOURCE}; return body;`)() as string;

let child: ChildProcess;
let port: number;
beforeAll(async () => {
  child = spawn(process.execPath, ['--require', PRELOAD, '-e', SERVER_SOURCE], { stdio: ['ignore', 'pipe', 'inherit'] });
  port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
});
afterAll(() => {
  child.kill();
});

interface Answer {
  encoding: string | undefined;
  raw: Buffer;
  headers: IncomingHttpHeaders;
}

/** GET `url`; `onData` runs with all bytes so far as each piece arrives (the answer may not be complete yet). */
function get(url: string, acceptEncoding: string | null, onData?: (soFar: Buffer) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding };
    httpRequest({ host: '127.0.0.1', port, path: url, headers, agent: false }, (res) => {
      const pieces: Buffer[] = [];
      res.on('data', (piece: Buffer) => {
        pieces.push(piece);
        onData?.(Buffer.concat(pieces));
      });
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], raw: Buffer.concat(pieces), headers: res.headers }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/**
 * A page answer, its /release asked for once its first bytes arrived: by then the server holds the
 * page's end for the release (asked any earlier, on its own socket, it could arrive first and find
 * nothing to release).
 */
function page(acceptEncoding: string | null): Promise<Answer> {
  let released = false;
  return get('/page', acceptEncoding, () => {
    if (released) return;
    released = true;
    void get('/release', null);
  });
}

const BROWSER = 'gzip, deflate, br, zstd'; // what Chromium asks for

/** `body` compressed here as the server sends /page: its first 30,000 characters, a flush, the rest. */
function asStreamed(compressor: Gzip | BrotliCompress): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pieces: Buffer[] = [];
    compressor.on('data', (piece: Buffer) => pieces.push(piece));
    compressor.on('end', () => resolve(Buffer.concat(pieces)));
    compressor.on('error', reject);
    compressor.write(body.slice(0, 30_000));
    compressor.flush(() => compressor.end(body.slice(30_000)));
  });
}
const quality = (q: number) => createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: q } });

describe('the production server’s compression', () => {
  it('sends a page to a browser as Brotli at quality 2, and it decodes to the bytes sent', async () => {
    const { encoding, raw } = await page(BROWSER);
    expect(encoding).toBe('br');
    expect(brotliDecompressSync(raw).toString()).toBe(body);
    expect(raw).toEqual(await asStreamed(quality(2)));
    expect(raw).not.toEqual(await asStreamed(quality(4)));
  });

  it('sends a page to a client that takes gzip only as gzip at level 1', async () => {
    const { encoding, raw } = await page('gzip');
    expect(encoding).toBe('gzip');
    expect(gunzipSync(raw).toString()).toBe(body);
    // gzip's header holds no time or name here, so the same settings give the same bytes.
    expect(raw).toEqual(await asStreamed(createGzip({ level: 1 })));
    expect(raw).not.toEqual(await asStreamed(createGzip({ level: 6 })));
  });

  it('sends a static file as gzip at level 6, to a browser too', async () => {
    for (const accepted of [BROWSER, 'br;q=1.0, gzip;q=0.5', '*', 'gzip']) {
      const { encoding, raw } = await get('/_next/static/chunk.js', accepted);
      expect(encoding, accepted).toBe('gzip');
      expect(gunzipSync(raw).toString()).toBe(body);
      expect(raw).toEqual(gzipSync(body, { level: 6 }));
    }
  });

  it('sends an answer the app compressed itself as it is, its coding named as Content-Encoding (server/http/kept-brotli.ts)', async () => {
    const { encoding, raw, headers } = await get('/kept', BROWSER);
    expect(encoding).toBe('br');
    expect(headers['x-memory-console-encoded']).toBeUndefined();
    expect(raw).toEqual(brotliCompressSync(body));
    expect(brotliDecompressSync(raw).toString()).toBe(body);
  });

  it('sends the plain bytes to a client that takes neither', async () => {
    const { encoding, raw } = await page('identity');
    expect(encoding).toBeUndefined();
    expect(raw.toString()).toBe(body);
  });

  it('sends a streamed page’s first part before the page has ended', async () => {
    for (const accepted of [BROWSER, 'gzip']) {
      let firstPart = '';
      const answer = get('/page', accepted, (soFar) => {
        if (firstPart) return;
        // Decodable on its own: the server flushed the compressor after the first part.
        const decoded =
          accepted === 'gzip'
            ? gunzipSync(soFar, { finishFlush: constants.Z_SYNC_FLUSH })
            : brotliDecompressSync(soFar, { finishFlush: constants.BROTLI_OPERATION_FLUSH });
        if (decoded.length === 0) return;
        firstPart = decoded.toString();
        void get('/release', null);
      });
      const { raw } = await answer;
      expect(firstPart.length, accepted).toBe(30_000);
      expect(body.startsWith(firstPart)).toBe(true);
      expect((accepted === 'gzip' ? gunzipSync(raw) : brotliDecompressSync(raw)).toString()).toBe(body);
    }
  });
});
