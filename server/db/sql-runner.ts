// A minimal SQL interface over both PGlite and node-postgres, used by the migration runner, tests
// that need raw SQL (multi-statement scripts are not something Prisma runs) and the runtime ingest,
// whose transaction runs on the driver's own pool (README "Runtime diagnostics").
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { ClientBase, Pool } from 'pg';
import type { Prisma, PrismaClient } from './generated/client';

export interface SqlRunner {
  /** Runs a script of one or more statements, without parameters. */
  exec(sql: string): Promise<void>;
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs `work` in one transaction: all of it commits, or none of it does. */
  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T>;
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

export function pgRunner(client: ClientBase, inTransaction = false): SqlRunner {
  return {
    exec: async (sql) => {
      await client.query(sql);
    },
    query: async <Row>(sql: string, params?: unknown[]) =>
      (await client.query(sql, params as unknown[])).rows as Row[],
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

/** Statements on any free connection of `pool`; each transaction holds one connection to its end. */
export function pgPoolRunner(pool: Pool): SqlRunner {
  return {
    exec: async (sql) => {
      await pool.query(sql);
    },
    query: async <Row>(sql: string, params?: unknown[]) => (await pool.query(sql, params as unknown[])).rows as Row[],
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
