// A test database of either backend, as kept-seeded.ts keeps it between files.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { pgRunner } from '../db/sql-runner';
import type { Keepable } from './kept-seeded';

export interface KeepablePglite extends Keepable<Blob> {
  pglite: PGlite;
}

/** An embedded database: one session, COPY to and from memory blobs. */
export function keepablePglite(pglite: PGlite): KeepablePglite {
  return {
    pglite,
    get closed() {
      return pglite.closed;
    },
    query: async <Row>(sql: string) => (await pglite.query<Row>(sql)).rows,
    copyOut: async (table, columns) => (await pglite.query(`COPY ${table} (${columns}) TO '/dev/blob'`)).blob ?? new Blob([]),
    // Settings, prepared statements, locks and temporary tables; it also fails inside a transaction.
    endSessions: async () => {
      await pglite.exec('DISCARD ALL');
    },
    refill: (tables) =>
      pglite.transaction(async (tx) => {
        await tx.exec(`SET LOCAL session_replication_role = replica; TRUNCATE ${tables.map(({ table }) => table).join(', ')}`);
        for (const { table, columns, rows } of tables) await tx.query(`COPY ${table} (${columns}) FROM '/dev/blob'`, [], { blob: rows });
      }),
    close: () => pglite.close(),
  };
}

export interface KeepablePostgres extends Keepable<Buffer> {
  /** The kept database's URL, for the file that borrows it. */
  url: string;
}

/**
 * A database on a PostgreSQL server, reached through a connection of its own that stays open
 * between files; `drop` removes the database once that connection is closed.
 */
export async function keepablePostgres(url: string, drop: () => Promise<void>): Promise<KeepablePostgres> {
  const client = new pg.Client({ connectionString: url });
  let closed = false;
  client.on('error', () => (closed = true));
  client.on('end', () => (closed = true));
  await client.connect();
  const sql = pgRunner(client);
  return {
    url,
    get closed() {
      return closed;
    },
    query: <Row>(text: string) => sql.query<Row>(text),
    copyOut: async (table, columns) => {
      const chunks: Buffer[] = [];
      for await (const chunk of client.query(copyTo(`COPY ${table} (${columns}) TO STDOUT`))) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    // The last file's connections end with it (a child process's too); a prepared transaction
    // would outlive them and hold its locks, so the database is not kept.
    endSessions: async () => {
      const prepared = await sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_prepared_xacts WHERE database = current_database()`,
      );
      if (prepared[0]!.n > 0) throw new Error('a prepared transaction is left');
      await sql.exec(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
    },
    // DELETE, not TRUNCATE: a truncate gives every table and index new files on disk, which took
    // about four times as long here as deleting the rows (the dead rows are vacuumed as usual).
    refill: (tables) =>
      sql.transaction(async (tx) => {
        await tx.exec(`SET LOCAL session_replication_role = replica; ${tables.map(({ table }) => `DELETE FROM ${table};`).join(' ')}`);
        for (const { table, columns, rows } of tables) {
          if (rows.length > 0) await pipeline(Readable.from([rows]), client.query(copyFrom(`COPY ${table} (${columns}) FROM STDIN`)));
        }
      }),
    close: async () => {
      closed = true;
      await client.end().catch(() => {});
      await drop();
    },
  };
}
