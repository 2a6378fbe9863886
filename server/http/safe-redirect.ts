// Where a sign-in may send someone afterwards. The target is resolved exactly as a browser would
// (backslashes, tabs and newlines, encoded forms, protocol-relative and absolute URLs) and only the
// console's own origin is accepted — on this machine under any of its loopback names, moved onto
// the one in use (origin.ts); anything else falls back.
import { sameConsoleOrigins } from './origin';

/**
 * `value` resolved against `origin` as an absolute URL on that origin, or `fallback` (also resolved
 * against `origin`) when it is missing, unparsable or points anywhere else. Absolute on purpose: a
 * returned path such as `//evil.example` would be read by browsers as another host.
 */
export function sameOriginRedirect(value: string | null | undefined, origin: string, fallback: string): string {
  const own = new URL(origin);
  const resolved = value ? parseUrl(value, own.origin) : null;
  if (
    resolved &&
    sameConsoleOrigins(own.origin).includes(resolved.origin) &&
    (resolved.protocol === 'http:' || resolved.protocol === 'https:')
  ) {
    // The same console under another loopback name: where this browser's cookies are is `origin`.
    resolved.host = own.host;
    return resolved.href;
  }
  return new URL(fallback, own.origin).href;
}

function parseUrl(value: string, base: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

/** Set by proxy.ts on every page request: the path and query asked for, so sign-in can return there. */
export const RETURN_TO_HEADER = 'x-return-to';

/** Placeholder origin for resolving paths: only the path part of the answer is used. */
const PATH_BASE = 'http://console.invalid';

/** `value` as a path on this console (path, query and fragment), or `fallback` when it would leave it. */
export function sameOriginPath(value: string | null | undefined, fallback: string): string {
  const url = new URL(sameOriginRedirect(value, PATH_BASE, fallback));
  return `${url.pathname}${url.search}${url.hash}`;
}
