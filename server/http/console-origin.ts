// The console's own origin, from NEXTAUTH_URL (its public URL, see docs/operations.md
// "Configuration"); the request's own origin stands in when it is not set.
import { config } from '../config/env';
import { sameConsoleOrigins } from './origin';

/** The console's origin: what the Origin check accepts (with its loopback names, origin.ts) and names in its refusal. */
export function consoleOrigin(requestOrigin: string, configured = config().NEXTAUTH_URL): string {
  if (configured) {
    try {
      return new URL(configured).origin;
    } catch {
      // An unparsable NEXTAUTH_URL breaks next-auth itself; the request's origin is the best guess.
    }
  }
  return new URL(requestOrigin).origin;
}

/**
 * The console's origin as a browser addressed it (`requestOrigin`, from requestOriginOf): when
 * NEXTAUTH_URL is on this machine, the loopback name the browser used for it (origin.ts,
 * sameConsoleOrigins). A browser at http://127.0.0.1:3000 keeps its cookies there, so its sign-in
 * must come back there too, not to http://localhost:3000.
 */
export function addressedConsoleOrigin(requestOrigin: string, configured = config().NEXTAUTH_URL): string {
  const own = consoleOrigin(requestOrigin, configured);
  const addressed = new URL(requestOrigin).origin;
  return sameConsoleOrigins(own).includes(addressed) ? addressed : own;
}

/**
 * The origin a request came to as the browser addressed it: its Host, over https when a proxy in
 * front says so (X-Forwarded-Proto). A route handler's request.url does not tell: Next builds it
 * from the address the server listens on. Only ever compared with the console's own, so a client
 * that sends other values only gets the console's configured origin back.
 */
export function requestOriginOf(headers: Headers): string {
  const https = headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
  try {
    return new URL(`${https ? 'https' : 'http'}://${headers.get('host') ?? 'localhost'}`).origin;
  } catch {
    return 'http://localhost';
  }
}
