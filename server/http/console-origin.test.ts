import { describe, expect, it } from 'vitest';
import { addressedConsoleOrigin, consoleOrigin, requestOriginOf } from './console-origin';

describe('consoleOrigin', () => {
  it('is NEXTAUTH_URL’s origin whatever the request, else the request’s', () => {
    expect(consoleOrigin('http://127.0.0.1:3000/api/trpc/x', 'http://localhost:3000/')).toBe('http://localhost:3000');
    expect(consoleOrigin('http://192.0.2.2:3000/x', undefined)).toBe('http://192.0.2.2:3000');
  });
});

describe('addressedConsoleOrigin', () => {
  it('answers the loopback name the request used when NEXTAUTH_URL is on this machine', () => {
    expect(addressedConsoleOrigin('http://127.0.0.1:3000', 'http://localhost:3000')).toBe('http://127.0.0.1:3000');
    expect(addressedConsoleOrigin('http://[::1]:3000/signin', 'http://localhost:3000')).toBe('http://[::1]:3000');
    expect(addressedConsoleOrigin('http://localhost:3000', 'http://127.0.0.1:3000/')).toBe('http://localhost:3000');
  });

  it.each([
    ['another port', 'http://127.0.0.1:3001', 'http://localhost:3000', 'http://localhost:3000'],
    ['another scheme', 'https://127.0.0.1:3000', 'http://localhost:3000', 'http://localhost:3000'],
    ['a network address', 'http://192.0.2.2:3000', 'http://localhost:3000', 'http://localhost:3000'],
    ['a loopback name for a console elsewhere', 'http://localhost:3000', 'https://console.example.com', 'https://console.example.com'],
  ])('answers NEXTAUTH_URL for %s', (_case, request, configured, expected) => {
    expect(addressedConsoleOrigin(request, configured)).toBe(expected);
  });
});

describe('requestOriginOf', () => {
  it.each([
    [{ host: '127.0.0.1:3000' }, 'http://127.0.0.1:3000'],
    [{ host: 'console.example.com', 'x-forwarded-proto': 'https' }, 'https://console.example.com'],
    [{ host: 'console.example.com', 'x-forwarded-proto': 'https, http' }, 'https://console.example.com'],
    [{ host: 'bad host/' }, 'http://localhost'],
    [{}, 'http://localhost'],
  ])('%o → %s', (headers, expected) => {
    expect(requestOriginOf(new Headers(headers))).toBe(expected);
  });
});
