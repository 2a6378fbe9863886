// The console's own origin, from NEXTAUTH_URL (its public URL, see README "Configuration"); the
// request's own origin stands in when it is not set. When NEXTAUTH_URL is on this machine, the
// request's own loopback name for it is answered instead (origin.ts, sameConsoleOrigins): a
// browser at http://127.0.0.1:3000 keeps its cookies there, so its sign-in must come back there
// too, not to http://localhost:3000.
import { config } from '../config/env';
import { sameConsoleOrigins } from './origin';

export function consoleOrigin(requestOrigin: string, configured = config().NEXTAUTH_URL): string {
  const request = new URL(requestOrigin).origin;
  if (configured) {
    try {
      const own = new URL(configured).origin;
      return sameConsoleOrigins(own).includes(request) ? request : own;
    } catch {
      // An unparsable NEXTAUTH_URL breaks next-auth itself; the request's origin is the best guess.
    }
  }
  return request;
}

/**
 * The origin a request came to as the browser addressed it: its Host, over https when a proxy in
 * front says so (X-Forwarded-Proto). Only ever compared with the console's own (consoleOrigin), so
 * a client that sends other values only gets the console's configured origin back.
 */
export function requestOriginOf(headers: Headers): string {
  const https = headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
  try {
    return new URL(`${https ? 'https' : 'http'}://${headers.get('host') ?? 'localhost'}`).origin;
  } catch {
    return 'http://localhost';
  }
}
