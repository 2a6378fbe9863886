// Which clients get a gzipped read-back (json-response.ts): the Accept-Encoding header as browsers,
// curl and Node's fetch send it, q=0 meaning "not this one" and `*` standing for any coding not named.
import { describe, expect, it } from 'vitest';
import { acceptsGzip } from './json-response';

describe('acceptsGzip', () => {
  it.each(['gzip', 'gzip, deflate', 'br, gzip;q=0.5', 'GZIP', 'deflate, *', ' gzip ; q=1 '])('takes gzip for %j', (header) => {
    expect(acceptsGzip(header)).toBe(true);
  });

  it.each([null, '', 'identity', 'br, deflate', 'gzip;q=0', 'gzip;q=0, *', '*;q=0', 'gzip;q=abc'])('sends plain JSON for %j', (header) => {
    expect(acceptsGzip(header)).toBe(false);
  });
});
