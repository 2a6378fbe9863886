// The tRPC endpoint, independent of Next: refuses foreign-origin mutations and oversized bodies
// before tRPC parses anything (screenRequest), caps batches, and lets the error formatter hide
// unexpected errors.
import { TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { TRPC_MAX_BATCH_SIZE } from '../api/limits';
import { appRouter } from '../api/root';
import type { Context } from '../api/trpc';
import { screenRequest } from './request-guard';

export const TRPC_ENDPOINT = '/api/trpc';

export interface TrpcHandlerOptions {
  createContext: () => Context | Promise<Context>;
  /** The console's own origin; a mutation from any other is refused with 403. */
  allowedOrigin: string;
  maxBodyBytes: number;
}

export async function handleTrpcRequest(request: Request, options: TrpcHandlerOptions): Promise<Response> {
  const screening = await screenRequest(request, options);
  // A refused request reaches tRPC without its body and with a context that fails, so every call
  // in it answers the refusal in tRPC's own error shape, and no procedure runs.
  const refusal = screening.ok
    ? null
    : new TRPCError({ code: screening.refusal === 'FOREIGN_ORIGIN' ? 'FORBIDDEN' : 'PAYLOAD_TOO_LARGE', message: screening.message });
  const req = screening.ok ? screening.request : new Request(request.url, { method: request.method, headers: request.headers });
  return fetchRequestHandler({
    endpoint: TRPC_ENDPOINT,
    req,
    router: appRouter,
    maxBatchSize: TRPC_MAX_BATCH_SIZE,
    createContext: () => {
      if (refusal) throw refusal;
      return options.createContext();
    },
  });
}
