// Where a sign-in may send someone afterwards. The target is resolved exactly as a browser would
// (backslashes, tabs and newlines, encoded forms, protocol-relative and absolute URLs) and only the
// console's own origin is accepted; anything else falls back.

/**
 * `value` resolved against `origin` as an absolute URL on that origin, or `fallback` (also resolved
 * against `origin`) when it is missing, unparsable or points anywhere else. Absolute on purpose: a
 * returned path such as `//evil.example` would be read by browsers as another host.
 */
export function sameOriginRedirect(value: string | null | undefined, origin: string, fallback: string): string {
  const own = new URL(origin).origin;
  const resolved = value ? parseUrl(value, own) : null;
  if (resolved && resolved.origin === own && (resolved.protocol === 'http:' || resolved.protocol === 'https:')) {
    return resolved.href;
  }
  return new URL(fallback, own).href;
}

function parseUrl(value: string, base: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}
