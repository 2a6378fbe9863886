// The console's own origin, from NEXTAUTH_URL (its public URL, see README "Configuration"); the
// request's own origin stands in when it is not set.
export function consoleOrigin(requestOrigin: string): string {
  const configured = process.env.NEXTAUTH_URL;
  if (configured) {
    try {
      return new URL(configured).origin;
    } catch {
      // An unparsable NEXTAUTH_URL breaks next-auth itself; the request's origin is the best guess.
    }
  }
  return new URL(requestOrigin).origin;
}
