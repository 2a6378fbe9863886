// Request bodies are read with a byte limit before anything parses them, so an oversized request
// costs the server at most the limit (plus one chunk) of memory. Each route passes its own limit.
export const CONSOLE_BODY_LIMIT_BYTES = 64 * 1024;

export type LimitedBody = { ok: true; body: Uint8Array } | { ok: false };

/** The body of `request`, or `{ ok: false }` as soon as it is known to exceed `maxBytes`. */
export async function readBodyWithin(request: Request, maxBytes: number): Promise<LimitedBody> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    return { ok: false };
  }
  if (!request.body) return { ok: true, body: new Uint8Array(0) };

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { ok: false };
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, body };
}

/** "64 kB (65,536 bytes)": the limit as a person reads it. */
export function describeByteLimit(maxBytes: number): string {
  return `${Math.floor(maxBytes / 1024)} kB (${maxBytes.toLocaleString('en-US')} bytes)`;
}

export function bodyTooLargeMessage(maxBytes: number): string {
  return `The request body is larger than the limit of ${describeByteLimit(maxBytes)}. Send less data per request.`;
}

/** The same request with its (already limited) body buffered, for handlers that parse it later. */
export function withBufferedBody(request: Request, body: Uint8Array): Request {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? (body as BodyInit) : undefined,
    signal: request.signal,
  });
}
