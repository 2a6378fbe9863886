// JSON answers for the REST endpoints, with DomainError mapped to its status in one place.
import { DomainError, HTTP_STATUS_BY_DOMAIN_CODE } from '../errors/domain-error';

export function jsonResponse(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
}

export function unauthorized(): Response {
  return jsonResponse({ error: { code: 'UNAUTHORIZED', message: 'Sign in to continue.' } }, 401);
}

export function errorResponse(error: unknown): Response {
  if (error instanceof DomainError) {
    return jsonResponse(
      { error: { code: error.code, message: error.message, ...(error.details.reason ? { reason: error.details.reason } : {}) } },
      HTTP_STATUS_BY_DOMAIN_CODE[error.code],
    );
  }
  console.error('Unexpected error in a REST handler:', error);
  return jsonResponse({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Try again.' } }, 500);
}
