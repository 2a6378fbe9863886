// JSON answers for the REST endpoints, with DomainError mapped to its status in one place. Error
// bodies are bounded here (server/errors/error-bounds.ts): a message is cut to its budget, a list
// of problems names the first few and counts the rest.
import { DomainError, TRANSPORT_OF_DOMAIN_CODE } from '../errors/domain-error';
import { clipText, jsonTextBytes, listProblems, MAX_MESSAGE_BYTES, notListedSentence } from '../errors/error-bounds';
import { INTERNAL_ERROR_MESSAGE, reportUnexpectedError, type ErrorLogger } from '../errors/unexpected-error';

export function jsonResponse(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
}

export function jsonError(status: number, code: string, message: string): Response {
  return jsonResponse({ error: { code, message: clipText(message) } }, status);
}

/**
 * An error naming problems in `items`: the first of them, and in the message how many of `total`
 * (all of them unless said) are not listed.
 */
export function problemsError<P extends { field: string; message: string }>(
  status: number,
  code: string,
  message: string,
  problems: readonly P[],
  total = problems.length,
): Response {
  const list = listProblems(problems, total);
  const more = notListedSentence(list);
  return jsonResponse(
    { error: { code, message: clipText(message, MAX_MESSAGE_BYTES - jsonTextBytes(more)) + more, items: list.listed } },
    status,
  );
}

/** An unexpected failure: code INTERNAL, a plain message and the reference id also in the server log. */
export function internalErrorResponse(where: string, error: unknown, log?: ErrorLogger): Response {
  const id = reportUnexpectedError(where, error, log);
  return jsonResponse({ error: { code: 'INTERNAL', message: INTERNAL_ERROR_MESSAGE, id } }, 500);
}

/**
 * The numbers a conflict's caller acts on, never the record itself: how many people pinning would
 * put over their budget (PIN_OVER_BUDGET, to confirm), or the version a changed record is at now.
 */
function conflictNumbers(error: DomainError): { peopleOver?: number; currentVersion?: number } {
  if (error.code !== 'CONFLICT' || typeof error.details.current !== 'object' || error.details.current === null) return {};
  const current = error.details.current as { peopleOver?: unknown; version?: unknown };
  if (error.details.reason === 'PIN_OVER_BUDGET' && typeof current.peopleOver === 'number') return { peopleOver: current.peopleOver };
  return typeof current.version === 'number' ? { currentVersion: current.version } : {};
}

/**
 * The one mapping of a thrown error to a REST answer: a DomainError answers its status and code
 * (the quota's refusal with a code of its own, so the runtime can tell it from other conflicts);
 * anything else is unexpected (500 INTERNAL with a reference id).
 */
export function errorResponse(error: unknown, where = 'a REST handler'): Response {
  if (error instanceof DomainError && error.details.reason === 'QUOTA_EXCEEDED') {
    return jsonResponse(
      { error: { code: 'QUOTA_EXCEEDED', message: clipText(error.message), reason: 'QUOTA_EXCEEDED' } },
      TRANSPORT_OF_DOMAIN_CODE[error.code].http,
    );
  }
  if (error instanceof DomainError) {
    return jsonResponse(
      {
        error: {
          code: error.code,
          message: clipText(error.message),
          ...(error.details.reason ? { reason: error.details.reason } : {}),
          ...conflictNumbers(error),
        },
      },
      TRANSPORT_OF_DOMAIN_CODE[error.code].http,
    );
  }
  return internalErrorResponse(where, error);
}

const JSON_HEADERS = { 'content-type': 'application/json', 'cache-control': 'no-store' };

/**
 * A JSON answer whose text comes in pieces (as the database writes them), each sent as it comes
 * and the next asked for only when the socket has taken it: memory stays bounded by a piece or two
 * however long the answer. The first piece is awaited before answering, so a failure before any
 * byte is still an error answer (the caller's catch); one after it cuts the answer short. A client
 * that goes away ends the pieces' source (its `return`). Each piece costs a write of its own, so
 * pieces are large (docs/benchmarks.md "Why the read-back is built this way"). The server
 * compresses the answer for a client that takes it (server/startup/compress-responses.cjs), piece by
 * piece; the route never encodes it itself.
 */
export async function jsonPiecesResponse(pieces: AsyncIterable<Uint8Array>): Promise<Response> {
  const iterator = pieces[Symbol.asyncIterator]();
  let next: IteratorResult<Uint8Array> | undefined = await iterator.next();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const piece = next ?? (await iterator.next());
        next = undefined;
        if (piece.done) controller.close();
        else controller.enqueue(piece.value);
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    // Nothing is read ahead of what the socket has asked for.
    { highWaterMark: 0 },
  );
  return new Response(body, { status: 200, headers: JSON_HEADERS });
}

/**
 * A JSON answer already in Brotli (kept-brotli.ts), its coding named in `encodedHeader` (Next would
 * drop a `Content-Encoding`): the server's compression sends it as `Content-Encoding: br` and leaves
 * the bytes as they are.
 */
export function brotliJsonResponse(bytes: Uint8Array<ArrayBuffer>, encodedHeader: string): Response {
  return new Response(bytes, { status: 200, headers: { ...JSON_HEADERS, [encodedHeader]: 'br' } });
}
