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

/** Above this many items a JSON array is streamed in slices instead of built as one string. */
export const STREAM_ARRAY_FROM = 500;
const STREAM_SLICE = 250;

/**
 * A JSON array answer from its elements, each already JSON text (as the database writes them); a
 * large one is written slice by slice, so no single huge string is built.
 */
export function jsonTextArrayResponse(elements: readonly string[]): Response {
  const headers = { 'content-type': 'application/json', 'cache-control': 'no-store' };
  if (elements.length < STREAM_ARRAY_FROM) return new Response(`[${elements.join(',')}]`, { status: 200, headers });
  const encoder = new TextEncoder();
  let start = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const slice = elements.slice(start, start + STREAM_SLICE);
      controller.enqueue(encoder.encode(`${start === 0 ? '[' : ','}${slice.join(',')}`));
      start += STREAM_SLICE;
      if (start >= elements.length) {
        controller.enqueue(encoder.encode(']'));
        controller.close();
      }
    },
  });
  return new Response(body, { status: 200, headers });
}
