// The checks every console route makes before anything parses a request: a mutation (anything but
// GET/HEAD) from a foreign Origin is refused (403), and so is a body over the route's limit (413).
// `screenRequest` is the one place these run; each transport answers a refusal in its own error
// shape (REST here, tRPC in trpc-handler.ts).
import { bodyTooLargeMessage, readBodyWithin, withBufferedBody } from './body-limit';
import { jsonError } from './json-response';
import { foreignOriginMessage, hasForeignOrigin } from './origin';

export interface RequestGuardOptions {
  allowedOrigin: string;
  maxBodyBytes: number;
}

export type Screening =
  /** `body`: the bytes read within the limit (empty for GET/HEAD), for a handler that parses them itself. */
  | { ok: true; request: Request; body: Uint8Array }
  | { ok: false; refusal: 'FOREIGN_ORIGIN' | 'BODY_TOO_LARGE'; message: string };

/** Passes the request on (its body read within the limit and buffered), or says why not. */
export async function screenRequest(request: Request, { allowedOrigin, maxBodyBytes }: RequestGuardOptions): Promise<Screening> {
  if (request.method === 'GET' || request.method === 'HEAD') return { ok: true, request, body: new Uint8Array(0) };
  if (hasForeignOrigin(request.headers, allowedOrigin)) return { ok: false, refusal: 'FOREIGN_ORIGIN', message: foreignOriginMessage(allowedOrigin) };
  const body = await readBodyWithin(request, maxBodyBytes);
  if (!body.ok) return { ok: false, refusal: 'BODY_TOO_LARGE', message: bodyTooLargeMessage(maxBodyBytes) };
  return { ok: true, request: withBufferedBody(request, body.body), body: body.body };
}

/** The request with its body buffered, or the REST answer to its refusal. */
export async function screenRestRequest(
  request: Request,
  options: RequestGuardOptions,
): Promise<{ ok: true; request: Request; body: Uint8Array } | { ok: false; response: Response }> {
  const screening = await screenRequest(request, options);
  if (screening.ok) return screening;
  const response =
    screening.refusal === 'FOREIGN_ORIGIN'
      ? jsonError(403, 'FORBIDDEN', screening.message)
      : jsonError(413, 'PAYLOAD_TOO_LARGE', screening.message);
  return { ok: false, response };
}

/** The REST answer to a refused request, or null when it may proceed (for handlers that read no body). */
export async function guardRestRequest(request: Request, options: RequestGuardOptions): Promise<Response | null> {
  const screened = await screenRestRequest(request, options);
  return screened.ok ? null : screened.response;
}
