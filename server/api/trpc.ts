// tRPC in three parts: the context (createContextInner is transport-free, so tests use
// createCaller with a real database and no Next), the instance with its error formatting, and the
// only procedures the routers may use.
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { config, webhookAddressPolicy } from '../config/env';
import type { WebhookAddressPolicy } from '../domain';
import { requireAdministrator } from '../auth/require-authority';
import { loadSessionViewer, type SessionViewer } from '../auth/viewer';
import type { PrismaClient } from '../db/generated/client';
import type { RequestReads } from '../db/read-connection';
import { DomainError, TRANSPORT_OF_DOMAIN_CODE, type DomainErrorDetails } from '../errors/domain-error';
import { clipText, listProblems, MAX_MESSAGE_BYTES, problemsSentence } from '../errors/error-bounds';
import { INTERNAL_ERROR_MESSAGE, reportUnexpectedError } from '../errors/unexpected-error';
import { serviceContext, type ServiceContext } from '../services/context';
import { TRPC_MAX_BATCH_SIZE } from './limits';

/** What the session cookie names: the user and the session row it was issued for. */
export interface SessionLike {
  userId: string;
  sessionId: string;
}

export interface CreateContextOptions {
  session: SessionLike | null;
  db: PrismaClient;
  /** Tests fix the clock and ids; the app uses the real ones. */
  deps?: Partial<Omit<ServiceContext, 'db'>>;
  /**
   * How the viewer is loaded; the page render passes its own per-request one so the page and its
   * prefetched procedures share a single load.
   */
  loadViewer?: (service: ServiceContext<PrismaClient>, session: SessionLike) => Promise<SessionViewer | null>;
  /** What alert webhooks may reach; the process's configuration (`WEBHOOK_DEV_ALLOW`) when not given. */
  webhookPolicy?: WebhookAddressPolicy;
  /**
   * With a read replica (server/db/read-connection.ts): the request's reads, and what a mutation
   * does once it has succeeded (note the write's position for this browser's next reads).
   */
  readRouting?: ReadRouting;
}

export interface ReadRouting {
  reads: RequestReads;
  noteWrite: () => Promise<void>;
}

/**
 * What a procedure declares about itself (`.meta({ … })`). `reads: 'replica'`: a heavy read (the
 * review queue, the Operations charts, the audit log, the forecasts) whose every read — through
 * Prisma as well as raw SQL — goes to the request's read connection: the replica when it has
 * replayed this browser's last write, else the primary.
 */
export interface ProcedureMeta {
  reads?: 'replica';
}

/** `.meta(HEAVY_READ)`: the procedure is a heavy read (ProcedureMeta.reads). */
export const HEAVY_READ: ProcedureMeta = { reads: 'replica' };

export function createContextInner(opts: CreateContextOptions) {
  const service = serviceContext(opts.db, opts.deps);
  const load = opts.loadViewer ?? loadSessionViewer;
  let viewer: Promise<SessionViewer | null> | undefined;
  return {
    session: opts.session,
    service,
    webhookPolicy: opts.webhookPolicy ?? webhookAddressPolicy(config()),
    readRouting: opts.readRouting,
    /** The viewer, loaded fresh for this request but only once, however many procedures a batch holds. */
    viewer: (): Promise<SessionViewer | null> => {
      if (!opts.session) return Promise.resolve(null);
      viewer ??= load(service, opts.session);
      return viewer;
    },
  };
}

export type Context = ReturnType<typeof createContextInner>;

export interface ErrorData {
  /** Zod field errors of the input, for forms (z.flattenError's shape, the first few only). */
  zodError: { formErrors: string[]; fieldErrors: Record<string, string[]> } | null;
  /** Details of a refused domain action (field errors, conflicting record, reason). */
  domain: (DomainErrorDetails & { code: DomainError['code'] }) | null;
  /** For INTERNAL_SERVER_ERROR: the reference id under which the error is in the server log. */
  referenceId: string | null;
}

/** A procedure's name in an error, cut like any text there: an unknown one is what the URL said. */
const MAX_PATH_BYTES = 200;

/** The Zod problems of an input, as forms read them (z.flattenError's shape), the first few only. */
function boundedZodError(error: ZodError): NonNullable<ErrorData['zodError']> {
  const problems = error.issues.map((issue) => ({ field: issue.path.length > 0 ? String(issue.path[0]) : '', message: issue.message }));
  const flat: NonNullable<ErrorData['zodError']> = { formErrors: [], fieldErrors: {} };
  for (const { field, message } of listProblems(problems).listed) {
    if (field === '') flat.formErrors.push(message);
    else (flat.fieldErrors[field] ??= []).push(message);
  }
  return flat;
}

/** The domain's details, their field errors the first few only. */
function boundedDomainDetails(error: DomainError): NonNullable<ErrorData['domain']> {
  const { fieldErrors, ...details } = error.details;
  return { code: error.code, ...details, ...(fieldErrors ? { fieldErrors: listProblems(fieldErrors).listed } : {}) };
}

// No transformer: the wire is plain JSON and dates travel as ISO strings, which is also what the
// browser's types say (inferRouterOutputs). docs/architecture.md "Wire format".
// Every error is bounded (server/errors/error-bounds.ts), so a full batch of failed calls fits in
// 64 kB: no stack (it repeats the message), the message and the procedure's name cut to their
// budgets, the input's problems and the domain's field errors the first few only. An input's
// message names its problems in words, where Zod's own is all of them as indented JSON.
const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error, path }) {
      const cause = error.cause;
      const { stack: _stack, ...safeData } = shape.data;
      const base = { ...safeData, ...(safeData.path !== undefined ? { path: clipText(safeData.path, MAX_PATH_BYTES) } : {}) };
      if (error.code === 'INTERNAL_SERVER_ERROR') {
        // Its text may be a database's; the log keeps it under the id, the answer only the id.
        const referenceId = reportUnexpectedError(`tRPC ${path ?? '(unknown procedure)'}`, error.cause ?? error);
        const data: ErrorData = { zodError: null, domain: null, referenceId };
        return { ...shape, message: INTERNAL_ERROR_MESSAGE, data: { ...base, ...data } };
      }
      const data: ErrorData = {
        zodError: cause instanceof ZodError ? boundedZodError(cause) : null,
        domain: cause instanceof DomainError ? boundedDomainDetails(cause) : null,
        referenceId: null,
      };
      const message = cause instanceof ZodError ? inputProblems(cause) : clipText(clearMessage(error), MAX_MESSAGE_BYTES);
      return { ...shape, message, data: { ...base, ...data } };
    },
  });

/** "field: problem; …", the first few, then how many more: what a person reads of a refused input. */
function inputProblems(error: ZodError): string {
  return problemsSentence(
    error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
    'input',
  );
}

/** tRPC's own wording of its batch limit names no number; ours names the limit. */
function clearMessage(error: TRPCError): string {
  if (error.code === 'BAD_REQUEST' && error.message === 'Batch call exceeds maximum size') {
    return `A batched request may hold at most ${TRPC_MAX_BATCH_SIZE} calls. Send fewer calls per request.`;
  }
  return error.message;
}

/** Turns a DomainError thrown by a service into the matching tRPC error, in one place. */
const mapDomainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) {
    const domain = result.error.cause;
    throw new TRPCError({ code: TRANSPORT_OF_DOMAIN_CODE[domain.code].trpc, message: domain.message, cause: domain });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * With a read replica: a query's read statements (`service.sql`) go to the replica once it has
 * replayed this browser's last write, else to the primary (server/db/read-connection.ts); a heavy
 * read (`meta.reads: 'replica'`) sends its Prisma reads (`service.db`) there too. A mutation reads
 * and writes on the primary and, once it succeeded, notes its position. The viewer (session
 * checks) always loads from the primary, so an ended session is never seen open on a lagging replica.
 */
const routeReads = t.middleware(async ({ ctx, type, meta, next }) => {
  const routing = ctx.readRouting;
  if (!routing) return next();
  if (type === 'query') {
    if (meta?.reads === 'replica') {
      const { prisma, sql } = await routing.reads.connection();
      return next({ ctx: { ...ctx, service: { ...ctx.service, db: prisma, ...(sql ? { sql } : {}) } } });
    }
    return next({ ctx: { ...ctx, service: { ...ctx.service, ...(routing.reads.sql ? { sql: routing.reads.sql } : {}) } } });
  }
  const result = await next();
  if (result.ok) await routing.noteWrite();
  return result;
});

export const publicProcedure = t.procedure.use(mapDomainErrors).use(routeReads);

/**
 * Signed in through an open session and enabled; the viewer (user, tenant, memberships, grants) is
 * loaded fresh for each request.
 */
export const protectedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (!ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to continue.' });
  const viewer = await ctx.viewer();
  if (!viewer) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Your session has ended or your account is disabled. Sign in again.' });
  }
  return next({ ctx: { ...ctx, session: ctx.session, viewer } });
});

/**
 * The coarse gate of the administrators' procedures: the viewer holds an admin grant somewhere
 * (requireAdministrator, refused with NOT_ADMINISTRATOR). It asks the authority itself, not a
 * page's section, so moving a page's requirement moves no procedure's gate. Each service still
 * checks the exact scope it acts on.
 */
export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  requireAdministrator(ctx.viewer);
  return next();
});
