import { describe, expect, it } from 'vitest';
import { newNonce, pageContentSecurityPolicy, securityHeaders } from './security-headers';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

describe('pageContentSecurityPolicy', () => {
  it('allows scripts only with this request’s nonce in production: no unsafe-inline, no unsafe-eval', () => {
    const policy = directives(pageContentSecurityPolicy({ nonce: 'abc123', development: false, https: false }));
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
  });

  it('adds unsafe-eval and the hot-reload websocket only in development, and upgrades requests over https', () => {
    const dev = directives(pageContentSecurityPolicy({ nonce: 'n', development: true, https: false }));
    expect(dev.get('script-src')).toContain("'unsafe-eval'");
    expect(dev.get('script-src')).not.toContain("'unsafe-inline'");
    expect(dev.get('connect-src')).toContain('ws:');
    expect(directives(pageContentSecurityPolicy({ nonce: 'n', development: false, https: true })).has('upgrade-insecure-requests')).toBe(
      true,
    );
  });
});

describe('securityHeaders', () => {
  it('sends HSTS only over https', () => {
    expect(securityHeaders({ https: false })).not.toHaveProperty('strict-transport-security');
    expect(securityHeaders({ https: true })['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    expect(securityHeaders({ https: false })).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cache-control': 'no-store',
    });
  });
});

describe('newNonce', () => {
  it('is new each time and carries 128 bits', () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    expect(nonces.size).toBe(50);
    expect(atob([...nonces][0]!).length).toBe(16);
  });
});
