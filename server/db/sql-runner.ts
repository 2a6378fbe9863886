// A minimal SQL interface over both PGlite and node-postgres, used by the migration runner, tests
// that need raw SQL (multi-statement scripts are not something Prisma runs) and the runtime ingest,
// whose transaction runs on the driver's own pool (docs/runtime-api.md "How a batch is stored
// quickly").
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg, { type ClientBase, type Pool } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Prisma, PrismaClient } from './generated/client';
import type { PlanFunctions } from './plan-functions';

/** A statement with its parameters ($1, $2, … numbered from 1), to run later or alongside another. */
export interface SqlStatement {
  text: string;
  params: unknown[];
}

/**
 * `main` with `alongside` as data-modifying WITH queries: all of them run as one statement, in
 * one round trip. Their parameters are renumbered after main's.
 */
export function withStatements(main: SqlStatement, alongside: readonly SqlStatement[]): SqlStatement {
  if (alongside.length === 0) return main;
  const params = [...main.params];
  const queries = alongside.map((statement, index) => {
    const offset = params.length;
    params.push(...statement.params);
    return `"alongside_${index}" AS (${statement.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)})`;
  });
  return { text: `WITH ${queries.join(', ')}\n${main.text}`, params };
}

export interface SqlRunner {
  /** Runs a script of one or more statements, without parameters. */
  exec(sql: string): Promise<void>;
  /**
   * `name` keeps the statement prepared on its connection under that name (node-postgres; the
   * others ignore it): later runs skip parsing it, and planning it too once PostgreSQL keeps a
   * generic plan for it (it does when planning each run for its parameters would cost as much).
   * Only for a statement whose text never changes. Behind a transaction pooler the pool's runner
   * may keep its plans in a temporary function instead (plan-functions.ts).
   */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[], name?: string): Promise<Row[]>;
  /** Runs `work` in one transaction: all of it commits, or none of it does. */
  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T>;
  /**
   * The text of each row of a read-only statement of text columns, as the bytes the server sends,
   * the columns apart by U+0002 and each row followed by a line feed (node-postgres's pool only):
   * `COPY (…) TO STDOUT`, so the rows never become strings in this process. The statement takes
   * no parameters (COPY cannot: withLiterals writes them into its text), and no value it returns may
   * be empty or hold a raw character below U+0020 (JSON text and numbers never do; see
   * copyOutStatement). The connection is held until the last byte is taken, the reader stops, or
   * the reader has not asked for more for READER_IDLE_LIMIT_MS; in the last two cases the pool
   * ends it.
   */
  copyOut?(sql: string): AsyncIterable<Uint8Array>;
}

function pgliteTxRunner(tx: Transaction): SqlRunner {
  return {
    exec: async (sql) => {
      await tx.exec(sql);
    },
    query: async <Row>(sql: string, params?: unknown[]) => (await tx.query<Row>(sql, params)).rows,
    transaction: (work) => work(pgliteTxRunner(tx)),
  };
}

export function pgliteRunner(db: PGlite): SqlRunner {
  return {
    exec: async (sql) => {
      await db.exec(sql);
    },
    query: async <Row>(sql: string, params?: unknown[]) => (await db.query<Row>(sql, params)).rows,
    transaction: (work) => db.transaction((tx) => work(pgliteTxRunner(tx))),
  };
}

// node-postgres reads a `timestamp` (without time zone) in the process's local time and writes a
// Date in local time too; Prisma treats both as UTC, the way the console stores them. Statements
// run here read and write them the same way Prisma does, whatever the process's time zone.
const TIMESTAMP_OID = 1114;
const utcTimestamp = (value: string) => new Date(`${value.replace(' ', 'T')}Z`);
const UTC_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMP_OID && format !== 'binary' ? utcTimestamp : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * How a node-postgres runner talks to its server. `namedStatements: false` (behind a transaction
 * pooler) sends every statement unnamed, since the next one may reach another server connection.
 */
export interface PgRunnerOptions {
  namedStatements?: boolean;
}

/**
 * A pool's runner behind a transaction pooler may keep the plans of its named statements in
 * temporary functions instead (plan-functions.ts): `planFunctions` runs them, outside transactions only.
 */
export interface PgPoolRunnerOptions extends PgRunnerOptions {
  planFunctions?: PlanFunctions;
}

function statement(text: string, params: unknown[] = [], name?: string) {
  return { text, name, values: params.map((value) => (value instanceof Date ? value.toISOString() : value)), types: UTC_TYPES };
}

export function pgRunner(client: ClientBase, inTransaction = false, { namedStatements = true }: PgRunnerOptions = {}): SqlRunner {
  return {
    exec: async (sql) => {
      await client.query(sql);
    },
    query: async <Row>(sql: string, params?: unknown[], name?: string) =>
      (await client.query(statement(sql, params, namedStatements ? name : undefined))).rows as Row[],
    transaction: async (work) => {
      if (inTransaction) return work(pgRunner(client, true, { namedStatements }));
      await client.query('BEGIN');
      try {
        const result = await work(pgRunner(client, true, { namedStatements }));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    },
  };
}

/** How long a copy's connection may wait for its reader to ask for the next chunk. */
const READER_IDLE_LIMIT_MS = 10_000;

/** The byte between a copied row's columns (copyOutStatement's delimiter, U+0002). */
export const COPY_COLUMNS_APART = 0x02;

/**
 * COPY in CSV form with a delimiter and a quote character that JSON text never holds raw (JSON
 * escapes every character below U+0020), so no value that is not empty is ever quoted or escaped:
 * the bytes are the row's values apart by the delimiter, then a line feed.
 */
export function copyOutStatement(sql: string): string {
  return `COPY (${sql}) TO STDOUT WITH (FORMAT csv, DELIMITER E'\\x${COPY_COLUMNS_APART.toString(16).padStart(2, '0')}', QUOTE E'\\x01')`;
}

/** One parameter written as an SQL literal (strings through node-postgres's own quoting). */
function literal(value: unknown): string {
  if (value === null) return 'NULL';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (Array.isArray(value)) return `ARRAY[${value.map(literal).join(',')}]`;
  throw new Error(`A ${typeof value} cannot be written as an SQL literal.`);
}

/**
 * `sql` with each parameter ($1, $2, …) replaced by its value as a literal, for a statement that
 * cannot take parameters (COPY). Every `$` followed by a digit in `sql` must be a placeholder (as
 * in the statements Prisma.sql builds). An array needs a cast after its placeholder
 * (`$1::text[]`), as it does as a parameter, so that an empty one has a type.
 */
export function withLiterals(sql: string, params: readonly unknown[]): string {
  return sql.replace(/\$(\d+)/g, (_, n: string) => {
    if (Number(n) < 1 || Number(n) > params.length) throw new Error(`The statement has no parameter $${n}.`);
    return literal(params[Number(n) - 1]);
  });
}

async function* pgCopyOut(pool: Pool, sql: string, readerIdleLimitMs: number): AsyncGenerator<Uint8Array> {
  const client = await pool.connect();
  let failure: Error | undefined;
  // A connection that fails while it waits (the server went away) must not end the process.
  const onError = (error: Error) => (failure ??= error);
  client.on('error', onError);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    // A failed connection is ended by the pool and keeps the listener, so that a late error on it
    // cannot end the process either; a healthy one goes back without it.
    if (!failure) client.off('error', onError);
    client.release(failure);
  };
  const copy = client.query(copyTo(copyOutStatement(sql)));
  let idle: NodeJS.Timeout | undefined;
  try {
    for await (const chunk of copy) {
      // A reader that stops asking (a client that reads nothing more but stays connected) must not
      // hold a connection of the pool for long: after the limit the copy and its connection end,
      // here, since this generator only runs again when the reader asks.
      idle = setTimeout(() => {
        failure ??= new Error('The reader stopped asking for the rest of the answer.');
        copy.destroy(failure);
        release();
      }, readerIdleLimitMs);
      yield chunk as Uint8Array;
      clearTimeout(idle);
    }
  } catch (error) {
    failure ??= error as Error;
    throw error;
  } finally {
    clearTimeout(idle);
    // Also the way out when the reader stops early (a client that went away): mid-copy, the
    // connection cannot run another statement, so the pool ends it.
    if (!copy.readableEnded) {
      failure ??= new Error('The answer was not read to its end.');
      copy.destroy();
    }
    release();
  }
}

/**
 * How long (ms) a pooled connection may sit unused before the pool closes it. node-postgres closes
 * them after 10 s by default, so a person who read a page for longer than that had the next page
 * open its connections again: each a new PostgreSQL backend with cold caches that plans its prepared
 * statements afresh. After 12 s without requests My memories then took 145–183 ms, against 33–92
 * with the connections kept (docs/benchmarks.md "Idle connections"). Ten minutes, as PgBouncer's
 * `server_idle_timeout`: a quiet server still gives its connections back.
 */
export const POOL_IDLE_MS = 10 * 60 * 1000;

/** The pool a server's statements and Prisma share (and the replica's): at most 10 connections, kept POOL_IDLE_MS. */
export function openPgPool(url: string): Pool {
  return new pg.Pool({ connectionString: url, idleTimeoutMillis: POOL_IDLE_MS });
}

/**
 * Statements on any free connection of `pool`; each transaction holds one connection to its end.
 * `readerIdleLimitMs` is how long a copy waits for its reader (READER_IDLE_LIMIT_MS unless a test
 * wants to see the limit reached without waiting ten seconds).
 */
export function pgPoolRunner(
  pool: Pool,
  {
    readerIdleLimitMs = READER_IDLE_LIMIT_MS,
    namedStatements = true,
    planFunctions,
  }: { readerIdleLimitMs?: number } & PgPoolRunnerOptions = {},
): SqlRunner {
  return {
    copyOut: (sql: string) => pgCopyOut(pool, sql, readerIdleLimitMs),
    exec: async (sql) => {
      await pool.query(sql);
    },
    query: async <Row>(sql: string, params: unknown[] = [], name?: string) => {
      if (name && !namedStatements && planFunctions) return (await planFunctions.query(pool, name, sql, params, statement)).rows as Row[];
      return (await pool.query(statement(sql, params, namedStatements ? name : undefined))).rows as Row[];
    },
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        return await pgRunner(client, false, { namedStatements }).transaction(work);
      } finally {
        client.release();
      }
    },
  };
}

/** The same interface through a Prisma client or transaction (for callers that hold only Prisma). */
export function prismaSqlRunner(db: PrismaClient | Prisma.TransactionClient): SqlRunner {
  return {
    exec: async (sql) => {
      await db.$executeRawUnsafe(sql);
    },
    query: async <Row>(sql: string, params: unknown[] = []) => db.$queryRawUnsafe<Row[]>(sql, ...params),
    transaction: (work) =>
      '$transaction' in db ? (db as PrismaClient).$transaction((tx) => work(prismaSqlRunner(tx))) : work(prismaSqlRunner(db)),
  };
}
