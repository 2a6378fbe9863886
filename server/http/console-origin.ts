// The console's own origin, from NEXTAUTH_URL (its public URL, see docs/operations.md
// "Configuration"); the request's own origin stands in when it is not set.
import { config } from '../config/env';

export function consoleOrigin(requestOrigin: string): string {
  const configured = config().NEXTAUTH_URL;
  if (configured) {
    try {
      return new URL(configured).origin;
    } catch {
      // An unparsable NEXTAUTH_URL breaks next-auth itself; the request's origin is the best guess.
    }
  }
  return new URL(requestOrigin).origin;
}
