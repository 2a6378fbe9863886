// The one shape of a service. Every action in server/services is
//
//   export async function verbNoun({ ctx, input }: ServiceCall<VerbNounInput>)
//
// (`ServiceCall<Input, PrismaClient>` when it opens its own transaction; an action without input
// takes `{ ctx }` only). `ctx` holds what the action needs besides its
// input: the database, the clock and the id source. Actions read the time only through
// `ctx.now()` and make ids only through `ctx.newId()`, so tests can fix both. Who is acting (the
// signed-in viewer) is part of `input`, as `input.viewer`, never of `ctx`.
//
// `ctx.db` is either the client or an open transaction (`Db`). An action that opens its own
// transaction asks for `ServiceContext<PrismaClient>` and opens it with `runTransaction`
// (run-transaction.ts), which hands the work a `TransactionContext`: the same clock and ids, `db`
// the transaction, and the audit rows it records waiting to be appended last.
import type { Prisma, PrismaClient } from '../db/generated/client';
import type { z } from 'zod';
import type { SqlRunner } from '../db/sql-runner';
import { parseRows, preparedNameOf, queryRows, statementLabel, type RowSchema } from '../db/sql-rows';
import { newId, type IdPrefix } from '../ids';
import type { AuditEntry } from './audit/record-audit';

/** A Prisma client or an interactive transaction: actions that do not open one accept either. */
export type Db = Prisma.TransactionClient;

export interface ServiceContext<D extends Db = Db> {
  db: D;
  now: () => Date;
  newId: (prefix: IdPrefix) => string;
  /**
   * Raw SQL on the driver's own pool of the same database (`Database.pool`, PostgreSQL only), for
   * the actions whose per-statement cost through Prisma matters: the runtime ingest
   * (docs/runtime-api.md "How a batch is stored quickly") and the read path's and review queue's
   * read-only statements (`readRows`). Without it they run the same SQL through `db`.
   */
  sql?: SqlRunner;
}

/** The context of a step inside a raw-SQL transaction: `sql` is that transaction. */
export interface SqlContext {
  sql: SqlRunner;
  now: () => Date;
  newId: (prefix: IdPrefix) => string;
}

/** The one argument of a raw-SQL step: its context and its input. */
export interface SqlCall<Input> {
  ctx: SqlContext;
  input: Input;
}

/** The one argument of an action: its context and its input. */
export interface ServiceCall<Input, D extends Db = Db> {
  ctx: ServiceContext<D>;
  input: Input;
}

/** The real clock and ids over `prisma`; tests override `now` and `newId`. */
export function serviceContext(prisma: PrismaClient, overrides: Partial<Omit<ServiceContext, 'db'>> = {}): ServiceContext<PrismaClient> {
  return { db: prisma, now: () => new Date(), newId, ...overrides };
}

/**
 * The context of the work inside `runTransaction`: `db` is the transaction (no `sql`, so reads stay
 * in it). `recordAudit` only queues its rows in `pendingAudit`; the runner appends them as the
 * transaction's last statements, so the audit chain's lock is always the last one taken.
 */
export interface TransactionContext extends ServiceContext {
  readonly pendingAudit: AuditEntry[];
}

/** The one argument of a step that must run inside `runTransaction` (it records audit rows). */
export interface TransactionCall<Input> {
  ctx: TransactionContext;
  input: Input;
}

/**
 * A read-only raw statement whose rows are checked against `schema` (server/db/sql-rows.ts: once
 * per row, an error naming the column on a mismatch): on `ctx.sql` when the context has it (no
 * Prisma cost per statement; timestamps read as UTC the way Prisma reads them), otherwise through
 * `ctx.db` — which is also where it runs inside a transaction, since a `TransactionContext` has no
 * `sql`. `preparedAs` names a statement whose text never changes, to keep it prepared
 * (SqlRunner.query).
 */
export async function readRows<S extends RowSchema>(
  ctx: Pick<ServiceContext, 'db' | 'sql'>,
  query: Prisma.Sql,
  schema: S,
  options: { preparedAs?: string } = {},
): Promise<z.output<S>[]> {
  if (ctx.sql) return queryRows(ctx.sql, schema, query.text, query.values, options.preparedAs);
  return parseRows(schema, await ctx.db.$queryRaw<unknown[]>(query), () => statementLabel(query.text, options.preparedAs));
}

/**
 * readRows for a statement whose text depends only on the shape of its input (how many scopes, which
 * filters), never on values: kept prepared under a name made from its text (`prefix` and a hash),
 * so each shape is parsed and planned once per connection, and after a few runs PostgreSQL may
 * keep one generic plan for it. Planning the memory list's statement took longer than running it
 * (docs/benchmarks.md "read-path"). Behind a transaction pooler, where no name can be kept, the
 * plans are kept in temporary functions instead (server/db/plan-functions.ts).
 */
export function readPrepared<S extends RowSchema>(
  ctx: Pick<ServiceContext, 'db' | 'sql'>,
  query: Prisma.Sql,
  schema: S,
  prefix: string,
): Promise<z.output<S>[]> {
  return readRows(ctx, query, schema, { preparedAs: ctx.sql ? preparedNameOf(prefix, query.text) : undefined });
}
