// A kept answer's Brotli (kept-brotli.ts): who takes it, by their Accept-Encoding; and it is made
// once for a kept body and its ends, again for other ends or another body, and unpacks to them.
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { keptBrotli, takesBrotli } from './kept-brotli';

describe('takesBrotli', () => {
  it('takes Brotli when the client names it or any coding with a weight above 0', () => {
    for (const header of ['br', 'gzip, deflate, br, zstd', 'BR;Q=0.5', 'gzip;q=1.0, br;q=0.1', '*', 'gzip, *;q=0.2'])
      expect(takesBrotli(header)).toBe(true);
  });

  it('does not when it is refused, left out or the header is missing', () => {
    for (const header of ['gzip', 'gzip, deflate', 'br;q=0', 'br;q=0, *', '*;q=0', 'identity', '', null, undefined])
      expect(takesBrotli(header)).toBe(false);
  });
});

describe('keptBrotli', () => {
  const open = Buffer.from('{"records":[');
  const body = Buffer.from('{"key":"a"},{"key":"b"}'.repeat(50));
  const close = Buffer.from('],"scopes":["global"],"ignoredScopes":[]}');

  it('unpacks to the answer, and is made once for a body and its ends', async () => {
    const first = keptBrotli(open, body, close);
    expect(keptBrotli(open, body, close)).toBe(first);
    expect(brotliDecompressSync(await first).toString()).toBe(Buffer.concat([open, body, close]).toString());
  });

  it('is made again for other ends or another body with the same text', async () => {
    const first = keptBrotli(open, body, close);
    const otherClose = Buffer.from('],"scopes":["global"],"ignoredScopes":["tenant:x"]}');
    const other = keptBrotli(open, body, otherClose);
    expect(other).not.toBe(first);
    expect(brotliDecompressSync(await other).toString()).toBe(Buffer.concat([open, body, otherClose]).toString());
    expect(keptBrotli(open, Buffer.from(body), otherClose)).not.toBe(other);
  });
});
