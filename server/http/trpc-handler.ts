// The tRPC endpoint, independent of Next: takes one of the caller's slots (request-slots.ts),
// refuses foreign-origin mutations and oversized bodies before tRPC parses anything
// (screenRequest), caps batches, and lets the error formatter hide unexpected errors.
import { TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { TRPC_MAX_BATCH_SIZE } from '../api/limits';
import { appRouter } from '../api/root';
import type { Context } from '../api/trpc';
import { screenRequest } from './request-guard';
import { inCallerSlot, type Caller, type RequestSlots } from './request-slots';

export const TRPC_ENDPOINT = '/api/trpc';

export interface TrpcHandlerOptions {
  createContext: () => Context | Promise<Context>;
  /** The console's own origin; a mutation from any other is refused with 403. */
  allowedOrigin: string;
  maxBodyBytes: number;
  /** Whose slots the request takes: the session the cookie names (none when signed out). */
  caller?: Caller | null;
  /** The instance's slots unless a test brings its own. */
  slots?: RequestSlots;
}

/** The request with its body read within the limit, or the refusal every call in it answers. */
async function screened(request: Request, options: TrpcHandlerOptions): Promise<{ req: Request; refused: TRPCError | null }> {
  const screening = await screenRequest(request, options);
  if (screening.ok) return { req: screening.request, refused: null };
  const code = screening.refusal === 'FOREIGN_ORIGIN' ? 'FORBIDDEN' : 'PAYLOAD_TOO_LARGE';
  return { req: withoutBody(request), refused: new TRPCError({ code, message: screening.message }) };
}

function withoutBody(request: Request): Request {
  return new Request(request.url, { method: request.method, headers: request.headers });
}

/**
 * tRPC's answer. A refused request reaches tRPC without its body and with a context that fails,
 * so every call in it answers the refusal in tRPC's own error shape, and no procedure runs.
 */
function answer(options: TrpcHandlerOptions, { req, refused }: { req: Request; refused: TRPCError | null }): Promise<Response> {
  return fetchRequestHandler({
    endpoint: TRPC_ENDPOINT,
    req,
    router: appRouter,
    maxBatchSize: TRPC_MAX_BATCH_SIZE,
    createContext: () => {
      if (refused) throw refused;
      return options.createContext();
    },
  });
}

export function handleTrpcRequest(request: Request, options: TrpcHandlerOptions): Promise<Response> {
  return inCallerSlot(
    request,
    options.caller ?? null,
    async () => answer(options, await screened(request, options)),
    (message) => answer(options, { req: withoutBody(request), refused: new TRPCError({ code: 'TOO_MANY_REQUESTS', message }) }),
    options.slots,
  );
}
