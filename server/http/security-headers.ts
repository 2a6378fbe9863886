// The security headers every answer carries (docs/security.md "Headers on every answer"). Pages get
// a Content Security Policy whose scripts need this request's nonce; API answers get one that
// allows nothing at all.

export interface PagePolicyOptions {
  nonce: string;
  /** The development server evaluates code for hot reload and talks over a websocket. */
  development: boolean;
  https: boolean;
}

export function pageContentSecurityPolicy({ nonce, development, https }: PagePolicyOptions): string {
  return [
    `default-src 'self'`,
    // 'strict-dynamic': scripts the nonce-carrying bootstrap loads are trusted; nothing inline else.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? ` 'unsafe-eval'` : ''}`,
    // React's style attributes and Next's injected styles; styles cannot run code.
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `font-src 'self'`,
    `connect-src 'self'${development ? ' ws: wss:' : ''}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** JSON answers are never rendered as documents: nothing may load, nothing may frame them. */
export const API_CONTENT_SECURITY_POLICY = `default-src 'none'; frame-ancestors 'none'`;

export function securityHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // Every page and answer is personal: no shared cache, no back/forward copy after sign-out.
    'cache-control': 'no-store',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** 128 random bits, base64: unguessable, and new for every request. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
