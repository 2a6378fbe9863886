// How the bench's HTTP clients ask for compression and read what comes back: as Chromium asks
// (Node's fetch asks for the same but zstd), so the server compresses as it does for a person or a
// runtime (server/startup/compress-responses.cjs: Brotli for pages and answers). Bytes are counted
// once unpacked.
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';

export const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** The answer's body, unpacked from the encoding the server chose. */
export function unpacked(response: IncomingMessage): Readable {
  switch (response.headers['content-encoding']) {
    case 'br':
      return response.pipe(zlib.createBrotliDecompress());
    case 'gzip':
      return response.pipe(zlib.createGunzip());
    case 'deflate':
      return response.pipe(zlib.createInflate());
    default:
      return response;
  }
}
