// A minimal SQL interface over both PGlite and node-postgres, used by the migration runner, tests
// that need raw SQL (multi-statement scripts are not something Prisma runs) and the runtime ingest,
// whose transaction runs on the driver's own pool (README "Runtime diagnostics").
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg, { type ClientBase, type Pool } from 'pg';
import type { Prisma, PrismaClient } from './generated/client';

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
   * Only for a statement whose text never changes.
   */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[], name?: string): Promise<Row[]>;
  /** Runs `work` in one transaction: all of it commits, or none of it does. */
  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T>;
  /**
   * The rows of a read-only statement, `perFetch` at a time through a cursor, each batch fetched
   * only when the one before it has been taken (node-postgres's pool only; the others have none).
   * The cursor holds a connection of the pool until the last batch is taken or the loop stops.
   */
  cursor?<Row = Record<string, unknown>>(sql: string, params: unknown[], perFetch: number): AsyncIterable<Row[]>;
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

function statement(text: string, params: unknown[] = [], name?: string) {
  return { text, name, values: params.map((value) => (value instanceof Date ? value.toISOString() : value)), types: UTC_TYPES };
}

export function pgRunner(client: ClientBase, inTransaction = false): SqlRunner {
  return {
    exec: async (sql) => {
      await client.query(sql);
    },
    query: async <Row>(sql: string, params?: unknown[], name?: string) => (await client.query(statement(sql, params, name))).rows as Row[],
    transaction: async (work) => {
      if (inTransaction) return work(pgRunner(client, true));
      await client.query('BEGIN');
      try {
        const result = await work(pgRunner(client, true));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    },
  };
}

/** How long a cursor's connection may wait for its reader to ask for the next batch. */
export const CURSOR_IDLE_LIMIT_MS = 10_000;

/**
 * A read-only transaction on one connection of `pool` with `sql` as its cursor, fetched `perFetch`
 * rows at a time as the caller asks; the transaction ends (and the connection returns) after the
 * last batch, or when the caller stops early or a statement fails.
 */
async function* pgCursor<Row>(pool: Pool, sql: string, params: unknown[], perFetch: number): AsyncGenerator<Row[]> {
  const client = await pool.connect();
  let failure: Error | undefined;
  // The timeout below ends the connection from the server's side between fetches; unheard, the
  // client's 'error' would end the process. The next fetch then fails and the connection is dropped.
  const onError = (error: Error) => (failure ??= error);
  client.on('error', onError);
  try {
    // A reader that stops taking parts must not hold a connection of the pool for long. Every row
    // will be fetched: planned as a cursor, PostgreSQL would favour the first tenth of them.
    await client.query(
      `BEGIN READ ONLY; SET LOCAL idle_in_transaction_session_timeout = ${CURSOR_IDLE_LIMIT_MS}; SET LOCAL cursor_tuple_fraction = 1`,
    );
    await client.query(statement(`DECLARE "batches" NO SCROLL CURSOR FOR ${sql}`, params));
    for (;;) {
      const { rows } = await client.query(`FETCH ${perFetch} FROM "batches"`);
      if (rows.length > 0) yield rows as Row[];
      if (rows.length < perFetch) break;
    }
  } catch (error) {
    failure = error as Error;
    throw error;
  } finally {
    // Also the way out when the caller stops early (a client that went away): the cursor and its
    // transaction end here. A connection whose statement failed is not trusted again.
    if (!failure) await client.query('ROLLBACK').catch(onError);
    // A failed connection is ended by the pool and keeps the listener, so that a late error on it
    // cannot end the process either; a healthy one goes back without it.
    if (!failure) client.off('error', onError);
    client.release(failure);
  }
}

/** Statements on any free connection of `pool`; each transaction holds one connection to its end. */
export function pgPoolRunner(pool: Pool): SqlRunner {
  return {
    cursor: <Row>(sql: string, params: unknown[], perFetch: number) => pgCursor<Row>(pool, sql, params, perFetch),
    exec: async (sql) => {
      await pool.query(sql);
    },
    query: async <Row>(sql: string, params?: unknown[], name?: string) => (await pool.query(statement(sql, params, name))).rows as Row[],
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        return await pgRunner(client).transaction(work);
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
