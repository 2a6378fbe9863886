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
  const around = { before: '{"records":', after: ',"scopes":["global"],"ignoredScopes":[]}' };
  const body = Buffer.from('{"key":"a"},{"key":"b"}'.repeat(50));
  const answer = (text: typeof around) => `${text.before}[${body.toString()}]${text.after}`;

  it('unpacks to the answer, and is made once for a body and its ends', async () => {
    const first = keptBrotli(body, around);
    expect(keptBrotli(body, { ...around })).toBe(first);
    expect(brotliDecompressSync(await first).toString()).toBe(answer(around));
  });

  it('is made again for other ends or another body with the same text', async () => {
    const first = keptBrotli(body, around);
    const otherAround = { ...around, after: ',"scopes":["global"],"ignoredScopes":["tenant:x"]}' };
    const other = keptBrotli(body, otherAround);
    expect(other).not.toBe(first);
    expect(brotliDecompressSync(await other).toString()).toBe(answer(otherAround));
    expect(keptBrotli(Buffer.from(body), otherAround)).not.toBe(other);
  });
});
