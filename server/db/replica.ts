// A streaming replica for heavy reads (DATABASE_REPLICA_URL; docs/scaling.md "The replica"), with
// read-your-writes: after a person's write, the position of the primary's WAL at that moment (its
// LSN) travels with them (the `mc_wal` cookie). A read of theirs goes to the replica only once the
// replica has replayed past that position; it waits up to REPLICA_WAIT_MS for it, then reads from
// the primary. Reads of people with no recent write go to the replica at once. A replica that does
// not answer sends reads to the primary too, so it can only slow reads, never fail them.
import { PrismaPg } from '@prisma/adapter-pg';
import { parseLsn, readStep, type ReadServer } from '../domain/read-routing';
import { PrismaClient } from './generated/client';
import { openPgPool, pgPoolRunner, type SqlRunner } from './sql-runner';

export { parseLsn };

/** The cookie that carries a person's last write position. */
export const WAL_COOKIE = 'mc_wal';
/** How long the cookie lives: long past any sane replica lag, short enough not to pin a browser. */
export const WAL_COOKIE_SECONDS = 300;
const POLL_MS = 20;

export interface ReplicaLag {
  /** Bytes of WAL the primary has written that the replica has not replayed. */
  bytes: number;
  /** Seconds since the last transaction the replica replayed was committed on the primary (null before any). */
  replaySeconds: number | null;
  /** Whether replay is paused (pg_wal_replay_pause). */
  paused: boolean;
}

export interface ReadChoice {
  runner: SqlRunner;
  on: ReadServer;
}

export interface ReplicaRouter {
  /**
   * The primary's WAL position now: call right after a write has committed. The insert position
   * (pg_current_wal_insert_lsn), not the written one: with synchronous_commit off the commit record
   * may not be written yet, and the position must not be before it.
   */
  writePosition(): Promise<string>;
  /** Where a read goes for someone whose last write was at `after` (an LSN, or none). */
  readerFor(after: string | null | undefined): Promise<ReadChoice>;
  /**
   * A Prisma client on the replica (the pg driver adapter on its pool), made on first use: the
   * heavy reads that go through Prisma use it when readerFor chose the replica
   * (server/db/read-connection.ts).
   */
  prisma(): PrismaClient;
  lag(): Promise<ReplicaLag>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Connects to the replica and checks that it is one (pg_is_in_recovery); a clear error names the
 * variable otherwise. `primary` runs the writes' position queries.
 */
export async function openReplica(
  url: string,
  primary: SqlRunner,
  options: { waitMs: number; log?: (line: string) => void },
): Promise<ReplicaRouter> {
  const pool = openPgPool(url);
  pool.on('error', (error) => options.log?.(`An idle replica connection was closed: ${error.message}`));
  const replica = pgPoolRunner(pool, { namedStatements: false });
  let recovering: boolean;
  try {
    recovering = (await replica.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r'))[0]!.r;
  } catch (error) {
    await pool.end().catch(() => {});
    throw new Error(`Cannot connect to the replica: ${(error as Error).message}. Check DATABASE_REPLICA_URL.`, { cause: error });
  }
  if (!recovering) {
    await pool.end();
    throw new Error(
      'DATABASE_REPLICA_URL points at a server that is not a replica (pg_is_in_recovery() is false): point it at a streaming replica of DATABASE_URL, or leave it unset.',
    );
  }

  async function replayed(): Promise<string | null> {
    return (await replica.query<{ lsn: string | null }>('SELECT pg_last_wal_replay_lsn()::text AS lsn'))[0]?.lsn ?? null;
  }
  let prisma: PrismaClient | undefined;

  return {
    async writePosition() {
      return (await primary.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn'))[0]!.lsn;
    },
    async readerFor(afterRaw) {
      const after = parseLsn(afterRaw);
      try {
        if (!after) return { runner: replica, on: 'replica' };
        const started = Date.now();
        for (;;) {
          const step = readStep({
            after,
            replayed: await replayed(),
            elapsedMs: Date.now() - started,
            waitMs: options.waitMs,
            pollMs: POLL_MS,
          });
          if (step === 'replica') return { runner: replica, on: 'replica' };
          if (step === 'primary') return { runner: primary, on: 'primary' };
          await sleep(POLL_MS);
        }
      } catch (error) {
        options.log?.(`The replica did not answer (${(error as Error).message}); reading from the primary.`);
        return { runner: primary, on: 'primary' };
      }
    },
    async lag() {
      const [state] = await replica.query<{ lsn: string | null; seconds: number | null; paused: boolean }>(
        `SELECT pg_last_wal_replay_lsn()::text AS lsn, pg_is_wal_replay_paused() AS paused,
                EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp())::float8 AS seconds`,
      );
      const [diff] = await primary.query<{ bytes: string | null }>(
        'SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1::pg_lsn)::text AS bytes',
        [state!.lsn ?? '0/0'],
      );
      return { bytes: Math.max(0, Number(diff!.bytes ?? 0)), replaySeconds: state!.seconds, paused: state!.paused };
    },
    prisma: () => (prisma ??= new PrismaClient({ adapter: new PrismaPg(pool) })),
    close: async () => {
      await prisma?.$disconnect();
      await pool.end();
    },
  };
}

/**
 * A SqlRunner for one request's read statements: `choice` is the request's one choice
 * (read-connection.ts: made on first use, then kept), so the first statement makes it and the rest
 * follow it, and the request's reads agree with each other. Scripts and transactions always go to
 * the primary.
 */
export function routedReader(choice: () => Promise<ReadChoice>, primary: SqlRunner): SqlRunner {
  const reader: SqlRunner = {
    exec: (sql) => primary.exec(sql),
    query: async <Row>(sql: string, params?: unknown[], name?: string) => (await choice()).runner.query<Row>(sql, params, name),
    transaction: (work) => primary.transaction(work),
  };
  if (primary.copyOut) {
    reader.copyOut = (sql) => ({
      async *[Symbol.asyncIterator]() {
        const { runner } = await choice();
        yield* runner.copyOut ? runner.copyOut(sql) : primary.copyOut!(sql);
      },
    });
  }
  return reader;
}
