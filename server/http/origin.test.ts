import { describe, expect, it } from 'vitest';
import { foreignOriginMessage, hasForeignOrigin, sameConsoleOrigins } from './origin';

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

describe('one console under its loopback names', () => {
  it('is localhost, 127.0.0.1 and [::1] on the same scheme and port when NEXTAUTH_URL is on this machine', () => {
    const names = ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'];
    for (const own of names) expect(sameConsoleOrigins(`${own}/some/path`)).toEqual(names);
    expect(sameConsoleOrigins('https://localhost')).toEqual(['https://localhost', 'https://127.0.0.1', 'https://[::1]']);
  });

  it('is only itself anywhere else', () => {
    expect(sameConsoleOrigins('https://console.example.com')).toEqual(['https://console.example.com']);
    expect(sameConsoleOrigins('http://192.0.2.2:3000')).toEqual(['http://192.0.2.2:3000']);
  });

  it.each(['http://127.0.0.1:3000', 'http://[::1]:3000'])('accepts Origin %s for a console at localhost:3000', (origin) => {
    expect(hasForeignOrigin(new Headers({ origin }), OWN)).toBe(false);
  });

  it.each(['http://127.0.0.1:3001', 'https://127.0.0.1:3000', 'http://127.0.0.2:3000', 'http://192.0.2.2:3000'])(
    'refuses Origin %s',
    (origin) => {
      expect(hasForeignOrigin(new Headers({ origin }), OWN)).toBe(true);
    },
  );

  it('accepts no loopback name for a console elsewhere', () => {
    expect(hasForeignOrigin(new Headers({ origin: 'http://localhost:3000' }), 'https://console.example.com')).toBe(true);
  });
});

describe('foreignOriginMessage', () => {
  it('names the origin the console expects and the variable that sets it', () => {
    expect(foreignOriginMessage('https://console.example.com/')).toBe(
      'This request came from another site and was refused. This console takes changes only from its own pages at ' +
        'https://console.example.com (its address, set by NEXTAUTH_URL): open the console there.',
    );
  });
});
