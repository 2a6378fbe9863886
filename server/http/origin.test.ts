import { describe, expect, it } from 'vitest';
import { hasForeignOrigin } from './origin';

const OWN = 'http://localhost:3000';

describe('hasForeignOrigin', () => {
  it('accepts the console’s own origin and a request without Origin (a non-browser client)', () => {
    expect(hasForeignOrigin(new Headers({ origin: OWN }), OWN)).toBe(false);
    expect(hasForeignOrigin(new Headers(), OWN)).toBe(false);
    expect(hasForeignOrigin(new Headers({ origin: OWN }), `${OWN}/some/path`)).toBe(false);
  });

  it.each(['https://evil.example', 'http://localhost:3001', 'https://localhost:3000', 'null', 'http://localhost:3000.evil.example'])(
    'refuses Origin %s',
    (origin) => {
      expect(hasForeignOrigin(new Headers({ origin }), OWN)).toBe(true);
    },
  );
});
