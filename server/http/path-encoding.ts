// A path whose percent-encoding does not decode (`/agent/memories/%ff%fe`, `/api/trpc/%ff`,
// `/welcome/%ff`) makes Next fail with a plain-text 500 while it matches the dynamic route, before
// the route's code runs (and without the security headers), and a rewrite to the same route fails
// the same way. So proxy.ts rewrites such an API request to the static route
// /api/undecodable-path, handing it the raw path in a header, and that route answers as the route
// the path was meant for would: with the path's percent signs taken literally. Such a page path
// is rewritten to UNDECODABLE_PAGE_PATH, which no page can have, so the console's 404 answers it.

export const UNDECODABLE_PATH_HEADER = 'x-undecodable-path';
export const UNDECODABLE_PATH_ROUTE = '/api/undecodable-path';
/** A folder whose name starts with `_` is private in the App Router: never a route, always the 404. */
export const UNDECODABLE_PAGE_PATH = '/_undecodable-path';

export function isDecodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** `pathname` with every `%` escaped as `%25`: it decodes to exactly the text that was sent. */
export function escapePercentSigns(pathname: string): string {
  return pathname.replaceAll('%', '%25');
}

export type UndecodableTarget =
  /** A tRPC call: the path with its percent signs escaped, so tRPC reports an unknown procedure. */
  | { route: 'trpc'; path: string }
  /** One memory of the runtime client's REST API: the id exactly as sent, which matches no memory. */
  | { route: 'agent-memory'; id: string }
  | { route: 'unknown' };

export function undecodableTarget(pathname: string): UndecodableTarget {
  if (pathname.startsWith('/api/trpc/')) return { route: 'trpc', path: escapePercentSigns(pathname) };
  const memory = /^\/agent\/memories\/([^/]+)\/?$/.exec(pathname);
  if (memory) return { route: 'agent-memory', id: memory[1]! };
  return { route: 'unknown' };
}
