// Runs before every page and API route (Next's proxy, formerly middleware): sets the security
// headers with a fresh CSP nonce per page (docs/security.md), and sends requests whose path does
// not decode where they get an answer: API requests to the route that answers them in JSON, pages
// to the console's 404 (server/http/path-encoding.ts).
// Origin checks and body limits live in the routes that need them, beside their own error shapes.
import { NextResponse, type NextRequest } from 'next/server';
import { isDecodablePath, UNDECODABLE_PAGE_PATH, UNDECODABLE_PATH_HEADER, UNDECODABLE_PATH_ROUTE } from '@/server/http/path-encoding';
import { RETURN_TO_HEADER } from '@/server/http/safe-redirect';
import { API_CONTENT_SECURITY_POLICY, newNonce, pageContentSecurityPolicy, securityHeaders } from '@/server/http/security-headers';

const API_PREFIXES = ['/api/', '/agent/'];

function isHttps(request: NextRequest): boolean {
  return request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
}

export function proxy(request: NextRequest) {
  const url = new URL(request.url);
  const https = isHttps(request);
  const requestHeaders = new Headers(request.headers);
  // Only this proxy may say that a path did not decode, or which page was asked for.
  requestHeaders.delete(UNDECODABLE_PATH_HEADER);
  requestHeaders.delete(RETURN_TO_HEADER);

  let response: NextResponse;
  let policy: string;
  if (API_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) {
    policy = API_CONTENT_SECURITY_POLICY;
    if (isDecodablePath(url.pathname)) {
      response = NextResponse.next({ request: { headers: requestHeaders } });
    } else {
      requestHeaders.set(UNDECODABLE_PATH_HEADER, url.pathname + url.search);
      response = NextResponse.rewrite(new URL(UNDECODABLE_PATH_ROUTE, request.url), { request: { headers: requestHeaders } });
    }
  } else {
    const nonce = newNonce();
    policy = pageContentSecurityPolicy({ nonce, development: process.env.NODE_ENV === 'development', https });
    // Next reads the nonce from the request's CSP header and puts it on its own scripts; the root
    // layout reads x-nonce for the theme script.
    requestHeaders.set('x-nonce', nonce);
    requestHeaders.set('content-security-policy', policy);
    // A signed-out visit is sent to sign in and back to exactly this page (server/auth/session.ts).
    requestHeaders.set(RETURN_TO_HEADER, url.pathname + url.search);
    // Pages have dynamic segments (`/welcome/[token]`, `/admin/people/[id]`, `/admin/review/[key]`),
    // and Next fails on one whose percent-encoding does not decode before the page runs (a bare
    // 500). No page is at such an address, so it gets the console's 404, with these headers.
    response = isDecodablePath(url.pathname)
      ? NextResponse.next({ request: { headers: requestHeaders } })
      : NextResponse.rewrite(new URL(UNDECODABLE_PAGE_PATH, request.url), { request: { headers: requestHeaders } });
  }
  response.headers.set('content-security-policy', policy);
  for (const [name, value] of Object.entries(securityHeaders({ https }))) response.headers.set(name, value);
  return response;
}

export const config = {
  // Everything but the build's static files, which are public, immutable and cacheable, and the
  // runtime's read-back exactly (`/agent/memories`, not the paths below it): it is fetched far more
  // often than anything else, its path always decodes and it reads no header set here, so running
  // the proxy for it cost a share of every answer for nothing (docs/benchmarks.md); its security
  // headers come from next.config.ts.
  matcher: ['/((?!_next/static|_next/image|favicon\\.svg|agent/memories$).*)'],
};
