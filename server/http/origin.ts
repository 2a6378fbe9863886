// Cross-site request refusal for the cookie-authenticated mutations (tRPC POST, REST DELETE): a
// browser always sends Origin on those, so a foreign one means another site is acting with the
// person's cookie. Without Origin the caller is not a browser page and is judged by its
// credentials alone.
//
// A console whose address (NEXTAUTH_URL) is on this machine — localhost, 127.0.0.1 or [::1] — is
// one console under all three names on the same scheme and port: people open whichever Next
// prints, or whichever they are used to (docs/sign-in-and-network.md "One origin on this machine").

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The origins that are the console at `consoleOrigin`: itself, and its other loopback names. */
export function sameConsoleOrigins(consoleOrigin: string): string[] {
  const own = new URL(consoleOrigin);
  if (!LOOPBACK_NAMES.includes(own.hostname)) return [own.origin];
  return LOOPBACK_NAMES.map((name) => {
    const alias = new URL(own.origin);
    alias.hostname = name;
    return alias.origin;
  });
}

/** True when the request carries an Origin header that is not `allowedOrigin`'s console ("null" included). */
export function hasForeignOrigin(headers: Headers, allowedOrigin: string): boolean {
  const origin = headers.get('origin');
  if (origin === null) return false;
  return !sameConsoleOrigins(allowedOrigin).includes(origin);
}

/** The refusal, naming the origin the console expects and what sets it (behind a proxy it is often NEXTAUTH_URL). */
export function foreignOriginMessage(allowedOrigin: string): string {
  return (
    `This request came from another site and was refused. This console takes changes only from its own pages at ` +
    `${new URL(allowedOrigin).origin} (its address, set by NEXTAUTH_URL): open the console there.`
  );
}
