// Keeps Next's plain-text 500 page away from the REST routes: whatever a handler (or the session
// and database lookups before it) throws is answered as JSON with code INTERNAL and a reference id.
import { internalErrorResponse } from './json-response';

export function withUnexpectedErrors<Args extends unknown[]>(
  where: string,
  handler: (...args: Args) => Promise<Response>,
): (...args: Args) => Promise<Response> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      return internalErrorResponse(where, error);
    }
  };
}
