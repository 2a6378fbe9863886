// Cross-site request refusal for the cookie-authenticated mutations (tRPC POST, REST DELETE): a
// browser always sends Origin on those, so a foreign one means another site is acting with the
// person's cookie. Without Origin the caller is not a browser page and is judged by its
// credentials alone.

/** True when the request carries an Origin header that is not `allowedOrigin` ("null" included). */
export function hasForeignOrigin(headers: Headers, allowedOrigin: string): boolean {
  const origin = headers.get('origin');
  if (origin === null) return false;
  return origin !== new URL(allowedOrigin).origin;
}

export const FOREIGN_ORIGIN_MESSAGE = 'This request came from another site and was refused. Use the console itself.';
