// The one wrapper of every route handler under app/api and app/agent (docs/architecture.md "A
// request's path"). It screens a request in one fixed order and answers every refusal and every
// failure in one place, so a handler only does its route's work and a route file is one line of
// wiring (next-route.ts binds a route to Next). Independent of Next: tests call a route with a
// RouteContext of their own.
//
//   1. fair share: a slot of the caller's, else 429 with Retry-After (request-slots.ts)
//   2. the Origin rule: a mutation (anything but GET and HEAD) from another site is refused, 403
//   3. who is asking: the session's viewer, loaded fresh (401), or the API token and the route's
//      permission (401 with WWW-Authenticate, 403)
//   4. the body, read within the route's limit before anything parses it, else 413
//   5. the handler; a DomainError it throws answers its status, anything else 500 INTERNAL with a
//      reference id (the error itself goes to the server log only)
//
// The cheap checks come first: a slot and the Origin header cost no database, and a body is read
// only for a caller who may send one.
import type { TokenPermission } from '../domain';
import { loadSessionViewer, type SessionViewer } from '../auth/viewer';
import type { PrismaClient } from '../db/generated/client';
import type { ReadConnection } from '../db/read-connection';
import type { SqlRunner } from '../db/sql-runner';
import type { SessionIdentity } from '../services/account/check-session';
import { serviceContext, type ServiceContext } from '../services/context';
import { authenticateApiToken, type AuthenticatedToken } from '../services/tokens/authenticate-api-token';
import { bearerSecret } from './bearer-token';
import { bodyTooLargeMessage, CONSOLE_BODY_LIMIT_BYTES, readBodyWithin, withBufferedBody } from './body-limit';
import { errorResponse, jsonError } from './json-response';
import { foreignOriginMessage, hasForeignOrigin } from './origin';
import { inCallerSlot, sessionCaller, tokenCaller, type Caller, type RequestSlots } from './request-slots';

/** Who a route serves: anyone, a signed-in person (the session cookie), or an API token with this permission. */
export type RouteAuth = 'none' | 'session' | `token:${TokenPermission}`;

export interface RouteOptions<A extends RouteAuth> {
  /** How the server log names the route: `GET /agent/memories`. */
  name: string;
  auth: A;
  /** 'mutations': anything but GET and HEAD from another site's page is refused (origin.ts). */
  origin: 'mutations' | 'none';
  /** The most bytes of body read; more is refused with 413. CONSOLE_BODY_LIMIT_BYTES (64 kB) unless said. */
  bodyLimit?: number;
  /** Whose fair share a request takes: by default the session's or the token's that `auth` reads, none for 'none'. */
  slots?: 'session' | 'token' | 'none';
  /**
   * The raw-SQL runner the Next binding gives the services: the request's read runner (PostgreSQL's
   * pool, none on PGlite), or 'pool' — the driver's pool on either database, where the runtime
   * ingest runs its own transaction.
   */
  sql?: 'read' | 'pool';
  /**
   * 'replica': a heavy read (the audit export): once the caller is authenticated — always on the
   * primary — the handler's `ctx` reads through the request's read connection (RouteContext.reads:
   * the replica when it has replayed the person's last write, else the primary).
   */
  reads?: 'replica';
  /** How refusals and failures are answered: REST's `{ error: { code, message } }` unless given (tRPC: its own shape). */
  answers?: RouteAnswers;
}

/** A refusal of the wrapper's own checks, before the handler runs. */
export interface Refusal {
  status: 401 | 403 | 413 | 429;
  code: 'UNAUTHORIZED' | 'FORBIDDEN' | 'PAYLOAD_TOO_LARGE' | 'TOO_MANY_REQUESTS';
  message: string;
  headers?: Record<string, string>;
}

export interface RouteAnswers {
  refuse(request: Request, refusal: Refusal): Response | Promise<Response>;
  /** Whatever the handler, or reading the context before it, threw. */
  fail(request: Request, error: unknown, routeName: string): Response | Promise<Response>;
}

/** REST's answers: errors as `{ error: { code, message } }` (json-response.ts, the one mapping of DomainError). */
export const restAnswers: RouteAnswers = {
  refuse(_request, { status, code, message, headers }) {
    const response = jsonError(status, code, message);
    for (const [name, value] of Object.entries(headers ?? {})) response.headers.set(name, value);
    return response;
  },
  fail: (_request, error, routeName) => errorResponse(error, routeName),
};

/** What a route runs with. The Next binding fills it from the process (next-route.ts); a test passes its own. */
export interface RouteContext {
  /** The database of the services; routes that authenticate need it. */
  prisma?: PrismaClient;
  /** Raw SQL for the services (`ServiceContext.sql`). */
  sql?: SqlRunner;
  /** Tests fix the clock and ids; the app uses the real ones. */
  deps?: Partial<Omit<ServiceContext, 'db'>>;
  /** What the session cookie names, or null without one. */
  session?: SessionIdentity | null;
  /** The console's own origin (console-origin.ts); the request's own when not given. */
  allowedOrigin?: string;
  /** The fair-share slots: the instance's in the app; without them no slot is taken (a test calling a route directly). */
  slots?: RequestSlots;
  /** The request's read connection (server/db/read-connection.ts), for a route with `reads: 'replica'`; without it, `prisma` and `sql`. */
  reads?: () => Promise<ReadConnection>;
}

type Authenticated<A extends RouteAuth> = A extends 'session'
  ? { viewer: SessionViewer; ctx: ServiceContext<PrismaClient> }
  : A extends `token:${string}`
    ? { token: AuthenticatedToken; ctx: ServiceContext<PrismaClient> }
    : Record<never, never>;

/** What a handler gets: the request with its body read (and the bytes), the path's segments, and who is asking. */
export type RouteCall<A extends RouteAuth, P> = {
  request: Request;
  body: Uint8Array;
  params: P;
  /** What the session cookie names (null without one, or when the route reads none). */
  session: SessionIdentity | null;
} & Authenticated<A>;

/** What the Next binding must read for a route before calling it. */
export interface RouteNeeds {
  session: boolean;
  database: boolean;
  sql: 'read' | 'pool';
  /** The console's origin, for the Origin rule. */
  origin: boolean;
  /** The request's read connection (RouteContext.reads). */
  reads: boolean;
}

export interface Route<P = unknown> {
  (request: Request, context: RouteContext | (() => Promise<RouteContext>), params?: P | Promise<P>): Promise<Response>;
  readonly needs: RouteNeeds;
}

function slotKindOf(options: RouteOptions<RouteAuth>): 'session' | 'token' | 'none' {
  if (options.slots) return options.slots;
  if (options.auth === 'session') return 'session';
  return options.auth === 'none' ? 'none' : 'token';
}

function callerOf(kind: 'session' | 'token' | 'none', request: Request, session: SessionIdentity | null): Caller | null {
  if (kind === 'session') return sessionCaller(session);
  return kind === 'token' ? tokenCaller(request) : null;
}

const isMutation = (request: Request) => request.method !== 'GET' && request.method !== 'HEAD';

export function route<A extends RouteAuth, P = unknown>(
  options: RouteOptions<A>,
  handler: (call: RouteCall<A, P>) => Promise<Response>,
): Route<P> {
  const answers = options.answers ?? restAnswers;
  const bodyLimit = options.bodyLimit ?? CONSOLE_BODY_LIMIT_BYTES;
  const slotKind = slotKindOf(options);

  /** Steps 2 to 5, inside the caller's slot. */
  async function screened(request: Request, context: RouteContext, session: SessionIdentity | null, params: P): Promise<Response> {
    const allowedOrigin = context.allowedOrigin ?? new URL(request.url).origin;
    if (options.origin === 'mutations' && isMutation(request) && hasForeignOrigin(request.headers, allowedOrigin)) {
      return answers.refuse(request, { status: 403, code: 'FORBIDDEN', message: foreignOriginMessage(allowedOrigin) });
    }

    let who: Record<string, unknown> = {};
    if (options.auth !== 'none') {
      if (!context.prisma) throw new Error(`${options.name} authenticates, but its context has no database`);
      const ctx = serviceContext(context.prisma, { ...context.deps, ...(context.sql ? { sql: context.sql } : {}) });
      if (options.auth === 'session') {
        const viewer = session ? await loadSessionViewer(ctx, session) : null;
        if (!viewer) return answers.refuse(request, { status: 401, code: 'UNAUTHORIZED', message: 'Sign in to continue.' });
        who = { ctx, viewer };
      } else {
        const permission = options.auth.slice('token:'.length) as TokenPermission;
        const check = await authenticateApiToken({ ctx, input: { secret: bearerSecret(request), permission } });
        if (!check.ok) {
          return answers.refuse(
            request,
            check.refusal === 'UNAUTHENTICATED'
              ? { status: 401, code: 'UNAUTHORIZED', message: check.message, headers: { 'www-authenticate': 'Bearer' } }
              : { status: 403, code: 'FORBIDDEN', message: check.message },
          );
        }
        who = { ctx, token: check.token };
      }
      if (options.reads === 'replica' && context.reads) {
        const { prisma, sql } = await context.reads();
        who = { ...who, ctx: serviceContext(prisma, { ...context.deps, ...(sql ? { sql } : {}) }) };
      }
    }

    let body: Uint8Array = new Uint8Array(0);
    if (isMutation(request)) {
      const read = await readBodyWithin(request, bodyLimit);
      if (!read.ok) return answers.refuse(request, { status: 413, code: 'PAYLOAD_TOO_LARGE', message: bodyTooLargeMessage(bodyLimit) });
      body = read.body;
      request = withBufferedBody(request, body);
    }
    return handler({ request, body, params, session, ...who } as RouteCall<A, P>);
  }

  const run = async (request: Request, given: RouteContext | (() => Promise<RouteContext>), params?: P | Promise<P>): Promise<Response> => {
    try {
      const context = typeof given === 'function' ? await given() : given;
      const session = context.session ?? null;
      const caller = context.slots ? callerOf(slotKind, request, session) : null;
      return await inCallerSlot(
        request,
        caller,
        async () => screened(request, context, session, (await params) ?? ({} as P)),
        (message) => answers.refuse(request, { status: 429, code: 'TOO_MANY_REQUESTS', message }),
        context.slots,
      );
    } catch (error) {
      return answers.fail(request, error, options.name);
    }
  };
  const needs: RouteNeeds = {
    session: options.auth === 'session' || slotKind === 'session',
    database: options.auth !== 'none',
    sql: options.sql ?? 'read',
    origin: options.origin === 'mutations',
    reads: options.reads === 'replica' && options.auth !== 'none',
  };
  return Object.assign(run, { needs });
}

/**
 * One of several routes, chosen by a segment of the path (`/api/runtime/memories/[action]`); a
 * segment naming none of them is answered by `unknown` before any screening.
 */
export function routeBySegment<Name extends string, K extends string>(
  segment: K,
  routes: Record<Name, Route>,
  unknown: () => Response,
): Route<Record<K, string>> {
  const all = Object.values<Route>(routes);
  const run = async (
    request: Request,
    context: RouteContext | (() => Promise<RouteContext>),
    params?: Record<K, string> | Promise<Record<K, string>>,
  ) => {
    const name = (await params)?.[segment];
    return name !== undefined && Object.hasOwn(routes, name) ? routes[name as Name](request, context) : unknown();
  };
  const needs: RouteNeeds = {
    session: all.some((one) => one.needs.session),
    database: all.some((one) => one.needs.database),
    sql: all.some((one) => one.needs.sql === 'pool') ? 'pool' : 'read',
    origin: all.some((one) => one.needs.origin),
    reads: all.some((one) => one.needs.reads),
  };
  return Object.assign(run, { needs });
}
