// The tRPC endpoint, independent of Next: a route (route.ts) that takes one of the session's slots
// and refuses foreign-origin mutations and oversized bodies before tRPC parses anything, and
// answers those refusals in tRPC's own error shape. It caps batches, and the error formatter
// (server/api/trpc.ts) hides unexpected errors. Who may call which procedure is the procedures'
// business: the route authenticates no one.
import { TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { TRPC_MAX_BATCH_SIZE } from '../api/limits';
import { appRouter } from '../api/root';
import type { Context } from '../api/trpc';
import type { SessionIdentity } from '../services/account/check-session';
import { route, type Route, type RouteAnswers } from './route';

export const TRPC_ENDPOINT = '/api/trpc';

function withoutBody(request: Request): Request {
  return new Request(request.url, { method: request.method, headers: request.headers });
}

/**
 * tRPC's answer. A refused or failed request reaches tRPC without its body and with a context that
 * throws, so every call in it answers the refusal in tRPC's own error shape, and no procedure runs.
 */
function answer(req: Request, createContext: () => Context | Promise<Context>): Promise<Response> {
  return fetchRequestHandler({ endpoint: TRPC_ENDPOINT, req, router: appRouter, maxBatchSize: TRPC_MAX_BATCH_SIZE, createContext });
}

const trpcAnswers: RouteAnswers = {
  refuse: (request, { code, message }) =>
    answer(withoutBody(request), () => {
      throw new TRPCError({ code, message });
    }),
  fail: (request, error) =>
    answer(withoutBody(request), () => {
      throw error;
    }),
};

/** The endpoint; `createContext` makes tRPC's context for the session the cookie names (read once, for the slot too). */
export function trpcRoute(createContext: (session: SessionIdentity | null) => Context | Promise<Context>): Route {
  return route({ name: 'tRPC', auth: 'none', slots: 'session', origin: 'mutations', answers: trpcAnswers }, ({ request, session }) =>
    answer(request, () => createContext(session)),
  );
}
