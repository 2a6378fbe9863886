import { describe, expect, it } from 'vitest';
import { sameOriginPath, sameOriginRedirect } from './safe-redirect';

const ORIGIN = 'http://localhost:3000';
const FALLBACK = 'http://localhost:3000/memories';

describe('sameOriginRedirect', () => {
  it.each([
    ['/admin/review?tab=open#top', 'http://localhost:3000/admin/review?tab=open#top'],
    ['/memories', 'http://localhost:3000/memories'],
    ['http://localhost:3000/ops', 'http://localhost:3000/ops'],
    ['admin/audit', 'http://localhost:3000/admin/audit'],
    // Encoded slashes stay a path on the console, not another host.
    ['%2F%2Fevil.example', 'http://localhost:3000/%2F%2Fevil.example'],
    // A path that looks protocol-relative once normalised is returned absolute, so it stays here.
    ['/.//evil.example', 'http://localhost:3000//evil.example'],
    // The same console under another loopback name, moved onto the name in use.
    ['http://127.0.0.1:3000/ops?x=1#y', 'http://localhost:3000/ops?x=1#y'],
    ['http://[::1]:3000/memories', 'http://localhost:3000/memories'],
  ])('keeps %j on the console as %s', (value, expected) => {
    expect(sameOriginRedirect(value, ORIGIN, '/memories')).toBe(expected);
  });

  it.each([
    ['/\\evil.example/index.html'],
    ['\\\\evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['\t//evil.example'],
    ['//evil.example'],
    ['///evil.example'],
    ['https://evil.example'],
    ['https://localhost:3000/memories'],
    ['http://localhost:3001/memories'],
    ['http://localhost:3000@evil.example/'],
    ['javascript:alert(1)'],
    ['JAVASCRIPT:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['http://[::1'],
    ['http://127.0.0.1:3001/memories'],
    ['https://127.0.0.1:3000/memories'],
    ['http://127.0.0.1:3000@evil.example/'],
  ])('falls back for %j', (value) => {
    expect(sameOriginRedirect(value, ORIGIN, '/memories')).toBe(FALLBACK);
  });

  it('falls back when there is no target', () => {
    expect(sameOriginRedirect(undefined, ORIGIN, '/memories')).toBe(FALLBACK);
    expect(sameOriginRedirect('', ORIGIN, '/memories')).toBe(FALLBACK);
    expect(sameOriginRedirect(null, 'http://localhost:3000/base', 'http://localhost:3000/base')).toBe('http://localhost:3000/base');
  });
});

describe('sameOriginRedirect for a console on 127.0.0.1', () => {
  it('moves a target on localhost onto 127.0.0.1, where this browser keeps its cookies', () => {
    expect(sameOriginRedirect('http://localhost:3000/admin/review?q=x', 'http://127.0.0.1:3000', '/memories')).toBe(
      'http://127.0.0.1:3000/admin/review?q=x',
    );
    expect(sameOriginRedirect('//localhost:3000//evil.example', 'http://127.0.0.1:3000', '/memories')).toBe(
      'http://127.0.0.1:3000//evil.example',
    );
  });

  it('accepts no loopback name for a console elsewhere', () => {
    expect(sameOriginRedirect('http://localhost:3000/ops', 'https://console.example.com', '/memories')).toBe(
      'https://console.example.com/memories',
    );
  });
});

describe('sameOriginPath', () => {
  it.each([
    ['/admin/review?q=x', '/admin/review?q=x'],
    ['/admin/review?q=caf%C3%A9#top', '/admin/review?q=caf%C3%A9#top'],
    ['//evil.example/admin', '/memories'],
    ['https://evil.example/admin', '/memories'],
    ['/\\evil.example', '/memories'],
    [null, '/memories'],
  ])('%s → %s', (value, expected) => {
    expect(sameOriginPath(value, '/memories')).toBe(expected);
  });
});
