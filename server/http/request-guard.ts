// The checks every console REST route makes before its handler: a mutation (anything but GET/HEAD)
// from a foreign Origin is refused with 403, and a body over the route's limit with 413, in the
// REST error shape. Returns null when the request may proceed.
import { bodyTooLargeMessage, readBodyWithin } from './body-limit';
import { jsonError } from './json-response';
import { FOREIGN_ORIGIN_MESSAGE, hasForeignOrigin } from './origin';

export interface RequestGuardOptions {
  allowedOrigin: string;
  maxBodyBytes: number;
}

export async function guardRestRequest(request: Request, { allowedOrigin, maxBodyBytes }: RequestGuardOptions): Promise<Response | null> {
  const mutation = request.method !== 'GET' && request.method !== 'HEAD';
  if (mutation && hasForeignOrigin(request.headers, allowedOrigin)) return jsonError(403, 'FORBIDDEN', FOREIGN_ORIGIN_MESSAGE);
  const body = await readBodyWithin(request, maxBodyBytes);
  if (!body.ok) return jsonError(413, 'PAYLOAD_TOO_LARGE', bodyTooLargeMessage(maxBodyBytes));
  return null;
}
