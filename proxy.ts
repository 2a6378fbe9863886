// Runs before every page and API route (Next's proxy, formerly middleware): repairs undecodable
// paths, and sets the security headers with a fresh CSP nonce per page (README "Security").
// Origin checks and body limits live in the routes that need them, beside their own error shapes.
import { NextResponse, type NextRequest } from 'next/server';
import { repairPercentEncoding } from '@/server/http/path-encoding';
import { API_CONTENT_SECURITY_POLICY, newNonce, pageContentSecurityPolicy, securityHeaders } from '@/server/http/security-headers';

const API_PREFIXES = ['/api/', '/agent/'];

function isHttps(request: NextRequest): boolean {
  return request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
}

export function proxy(request: NextRequest) {
  const rawPath = new URL(request.url).pathname;
  const repaired = repairPercentEncoding(rawPath);
  const https = isHttps(request);
  const isApi = API_PREFIXES.some((prefix) => rawPath.startsWith(prefix));

  let response: NextResponse;
  let policy: string;
  if (isApi) {
    policy = API_CONTENT_SECURITY_POLICY;
    response = repaired === rawPath ? NextResponse.next() : NextResponse.rewrite(new URL(repaired + request.nextUrl.search, request.url));
  } else {
    const nonce = newNonce();
    policy = pageContentSecurityPolicy({ nonce, development: process.env.NODE_ENV === 'development', https });
    // Next reads the nonce from the request's CSP header and puts it on its own scripts; the
    // layout reads x-nonce for the theme script.
    const requestHeaders = new Headers(request.headers);
    requestHeaders.set('x-nonce', nonce);
    requestHeaders.set('content-security-policy', policy);
    response =
      repaired === rawPath
        ? NextResponse.next({ request: { headers: requestHeaders } })
        : NextResponse.rewrite(new URL(repaired + request.nextUrl.search, request.url), { request: { headers: requestHeaders } });
  }
  response.headers.set('content-security-policy', policy);
  for (const [name, value] of Object.entries(securityHeaders({ https }))) response.headers.set(name, value);
  return response;
}

export const config = {
  // Everything but the build's static files, which are public, immutable and cacheable.
  matcher: ['/((?!_next/static|_next/image|favicon\\.svg).*)'],
};
