// The one place that decides where a request's reads go (docs/operations.md "Read replica"): from
// the person's last write position (the `mc_wal` cookie) and the replica, once per request. tRPC's
// context (server/api/context.ts), the route handlers (server/http/next-route.ts) and server
// components (server/http/page-reads.ts) all ask here, so a page, its prefetched queries and the
// routes make the same choice by the same rule. Without a replica every read is the primary's,
// exactly the connections a request had before there was a replica.
import { cookieValue, type ReadServer } from '../domain/read-routing';
import type { PrismaClient } from './generated/client';
import { readRunnerOf, type Database } from './open-database';
import { routedReader, WAL_COOKIE, type ReadChoice } from './replica';
import type { SqlRunner } from './sql-runner';

/** Where one request's heavy reads run: Prisma and raw SQL on the same server. */
export interface ReadConnection {
  on: ReadServer;
  prisma: PrismaClient;
  /** Raw SQL for read statements (`ServiceContext.sql`); none on PGlite, where Prisma's database is the same. */
  sql?: SqlRunner;
}

/** One request's reads: the choice is made at the first read that needs it, then kept for the request. */
export interface RequestReads {
  /** The connection of the heavy reads (the services that read through Prisma as well as raw SQL). */
  connection(): Promise<ReadConnection>;
  /** Raw read statements that make the same choice at their first statement (what every tRPC query's `sql` is). */
  sql?: SqlRunner;
  /** With a replica: the primary's WAL position now, to remember after a write (the cookie's value). */
  writePosition?: () => Promise<string>;
}

/**
 * The reads of a request whose person last wrote at `after` (the cookie's value, anything or
 * nothing). With a replica, the replica once it has replayed `after` (waiting up to
 * REPLICA_WAIT_MS), else the primary; without one, the primary.
 */
export function requestReads(db: Pick<Database, 'prisma' | 'pool' | 'target' | 'replica'>, after: string | null | undefined): RequestReads {
  const replica = db.replica;
  if (!replica) {
    const sql = readRunnerOf(db);
    const primary: ReadConnection = { on: 'primary', prisma: db.prisma, ...(sql ? { sql } : {}) };
    return { connection: () => Promise.resolve(primary), ...(sql ? { sql } : {}) };
  }
  let chosen: Promise<ReadChoice> | undefined;
  const choice = () => (chosen ??= replica.readerFor(after));
  return {
    connection: async () => {
      const { on, runner } = await choice();
      return { on, prisma: on === 'replica' ? replica.prisma() : db.prisma, sql: runner };
    },
    sql: routedReader(choice, db.pool),
    writePosition: () => replica.writePosition(),
  };
}

/** The reads of a route handler's request: its person's last write position from the request's `mc_wal` cookie. */
export function requestReadsOf(db: Pick<Database, 'prisma' | 'pool' | 'target' | 'replica'>, request: Request): RequestReads {
  return requestReads(db, cookieValue(request.headers.get('cookie'), WAL_COOKIE));
}
