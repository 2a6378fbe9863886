// A minimal SQL interface over both PGlite and node-postgres, used by the migration runner and
// tests that need raw SQL (multi-statement scripts are not something Prisma runs).
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { ClientBase } from 'pg';

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
