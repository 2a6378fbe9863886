// The tRPC endpoint, independent of Next: refuses foreign-origin mutations and oversized bodies
// before tRPC parses anything, caps batches, and lets the error formatter hide unexpected errors.
import { TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { TRPC_MAX_BATCH_SIZE } from '../api/limits';
import { appRouter } from '../api/root';
import type { Context } from '../api/trpc';
import { bodyTooLargeMessage, readBodyWithin, withBufferedBody } from './body-limit';
import { FOREIGN_ORIGIN_MESSAGE, hasForeignOrigin } from './origin';

export const TRPC_ENDPOINT = '/api/trpc';

export interface TrpcHandlerOptions {
  createContext: () => Context | Promise<Context>;
  /** The console's own origin; a POST from any other is refused with 403. */
  allowedOrigin: string;
  maxBodyBytes: number;
}

export async function handleTrpcRequest(request: Request, options: TrpcHandlerOptions): Promise<Response> {
  let refusal: TRPCError | null = null;
  let req = request;
  if (request.method === 'POST' && hasForeignOrigin(request.headers, options.allowedOrigin)) {
    refusal = new TRPCError({ code: 'FORBIDDEN', message: FOREIGN_ORIGIN_MESSAGE });
  } else if (request.method !== 'GET' && request.method !== 'HEAD') {
    const body = await readBodyWithin(request, options.maxBodyBytes);
    if (body.ok) req = withBufferedBody(request, body.body);
    else refusal = new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: bodyTooLargeMessage(options.maxBodyBytes) });
  }
  if (refusal) {
    // Refused before any input is read: the context fails, so every call in the request answers
    // the refusal in tRPC's own error shape, and no procedure runs.
    req = new Request(request.url, { method: request.method, headers: request.headers });
  }
  const failure = refusal;
  return fetchRequestHandler({
    endpoint: TRPC_ENDPOINT,
    req,
    router: appRouter,
    maxBatchSize: TRPC_MAX_BATCH_SIZE,
    createContext: () => {
      if (failure) throw failure;
      return options.createContext();
    },
  });
}
