// JSON answers for the REST endpoints, with DomainError mapped to its status in one place.
import { DomainError, HTTP_STATUS_BY_DOMAIN_CODE } from '../errors/domain-error';
import { INTERNAL_ERROR_MESSAGE, reportUnexpectedError, type ErrorLogger } from '../errors/unexpected-error';

export function jsonResponse(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
}

export function jsonError(status: number, code: string, message: string): Response {
  return jsonResponse({ error: { code, message } }, status);
}

export function unauthorized(): Response {
  return jsonError(401, 'UNAUTHORIZED', 'Sign in to continue.');
}

/** An unexpected failure: code INTERNAL, a plain message and the reference id also in the server log. */
export function internalErrorResponse(where: string, error: unknown, log?: ErrorLogger): Response {
  const id = reportUnexpectedError(where, error, log);
  return jsonResponse({ error: { code: 'INTERNAL', message: INTERNAL_ERROR_MESSAGE, id } }, 500);
}

export function errorResponse(error: unknown, where = 'a REST handler'): Response {
  if (error instanceof DomainError) {
    return jsonResponse(
      { error: { code: error.code, message: error.message, ...(error.details.reason ? { reason: error.details.reason } : {}) } },
      HTTP_STATUS_BY_DOMAIN_CODE[error.code],
    );
  }
  return internalErrorResponse(where, error);
}

/**
 * A JSON answer from its text (as the database writes it), sent as one chunk: Next pipes a body
 * chunk by chunk, and each chunk costs a write of its own (README "Benchmarks"). Next's compression
 * gzips it for a client that takes gzip; a route cannot choose its own encoding, since Next drops a
 * Content-Encoding the route sets.
 */
export function jsonTextResponse(text: string): Response {
  return new Response(text, { status: 200, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
}
