// Opens one database connection set: a Prisma client (through a driver adapter) plus a raw SQL
// runner on the same database, and applies pending migrations before anything else uses it.
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import pg from 'pg';
import { type DatabaseTarget, describeTarget } from './config';
import { lockFolder } from './folder-lock';
import { PGLITE_EXTENSIONS } from './pglite-extensions';
import { PrismaClient } from './generated/client';
import { planFunctions } from './plan-functions';
import { openReplica, type ReplicaRouter } from './replica';
import { applyMigrations, type MigrationFile, type MigrationResult, pendingMigrations, readMigrations } from './migrate';
import { openPgPool, pgliteRunner, pgPoolRunner, pgRunner, type SqlRunner } from './sql-runner';

export type Prisma = PrismaClient;

export interface Database {
  prisma: PrismaClient;
  /** Raw SQL on the same database, for scripts and tests. */
  sql: SqlRunner;
  /**
   * Raw SQL on the connections Prisma uses, safe for concurrent transactions (PostgreSQL: the
   * adapter's pool; PGlite: the same as `sql`). The runtime ingest runs its transaction here.
   */
  pool: SqlRunner;
  target: DatabaseTarget;
  migrations: MigrationResult;
  /** The read replica and its read-your-writes routing, with DATABASE_REPLICA_URL (server/db/replica.ts). */
  replica?: ReplicaRouter;
  close(): Promise<void>;
}

/**
 * The runner a request's services use for their read-only raw statements (`ServiceContext.sql`):
 * the pool on PostgreSQL, where a statement through Prisma costs a few milliseconds more than the
 * same statement through `pg`; none on PGlite, where both go to the same in-process database.
 */
export function readRunnerOf(db: Pick<Database, 'target' | 'pool'>): SqlRunner | undefined {
  return db.target.kind === 'postgres' ? db.pool : undefined;
}

export interface OpenOptions {
  migrationsDir?: string;
  log?: (line: string) => void;
  /** An already open PGlite (tests load a migrated template this way). */
  pglite?: PGlite;
  /** false: apply nothing, refuse a database with pending migrations (read-only tools). */
  migrate?: boolean;
}

async function migrateOrCheck(
  sql: SqlRunner,
  files: MigrationFile[],
  target: DatabaseTarget,
  options: OpenOptions & { advisoryLock?: boolean },
): Promise<MigrationResult> {
  if (options.migrate !== false) return applyMigrations(sql, files, { advisoryLock: options.advisoryLock, log: options.log });
  const pending = await pendingMigrations(sql, files);
  if (pending.length > 0) {
    throw new Error(`${describeTarget(target)} has pending migrations (${pending.join(', ')}). Run \`npm run db:migrate\` first.`);
  }
  return { applied: [], alreadyApplied: files.map((file) => file.name) };
}

function assemble(
  prisma: PrismaClient,
  [sql, pool]: [SqlRunner, SqlRunner],
  target: DatabaseTarget,
  migrations: MigrationResult,
  closeConnection: () => Promise<void>,
): Database {
  return {
    prisma,
    sql,
    pool,
    target,
    migrations,
    close: async () => {
      await prisma.$disconnect();
      await closeConnection();
    },
  };
}

export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Database> {
  const migrationFiles = readMigrations(options.migrationsDir);
  if (target.kind === 'pglite') {
    const release = options.pglite ? () => {} : lockFolder(target.dataDir);
    let pglite: PGlite | undefined = options.pglite;
    try {
      pglite ??= await PGlite.create(target.dataDir, { extensions: PGLITE_EXTENSIONS });
      const sql = pgliteRunner(pglite);
      const migrations = await migrateOrCheck(sql, migrationFiles, target, options);
      const opened = pglite;
      // $disconnect does not close PGlite, and an open PGlite keeps the process alive.
      return assemble(new PrismaClient({ adapter: new PrismaPGlite(pglite) }), [sql, sql], target, migrations, async () => {
        if (!opened.closed) await opened.close();
        release();
      });
    } catch (error) {
      if (pglite && !pglite.closed) await pglite.close().catch(() => {});
      release();
      throw error;
    }
  }

  const client = new pg.Client({ connectionString: target.url });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`Cannot connect to ${describeTarget(target)}: ${(error as Error).message}. Check DATABASE_URL.`, { cause: error });
  }
  client.on('error', (error) => options.log?.(`The database connection was closed: ${error.message}`));
  try {
    // Behind a transaction pooler: statements unnamed, and no migrating through it (the migration
    // lock is session-level; `npm start` migrates first through MIGRATION_DATABASE_URL), only the check.
    const transactionPooled = target.poolMode === 'transaction';
    const runnerOptions = { namedStatements: !transactionPooled };
    const sql = pgRunner(client, false, runnerOptions);
    const migrations = await migrateOrCheck(sql, migrationFiles, target, {
      ...options,
      migrate: transactionPooled ? false : options.migrate,
      advisoryLock: true,
    });
    const pool = openPgPool(target.url);
    // An idle connection the server ends (a restart, a failover, a test database dropped) is
    // discarded by the pool and replaced on the next query; unheard, its 'error' would end the process.
    pool.on('error', (error) => options.log?.(`An idle database connection was closed: ${error.message}`));
    // Behind a transaction pooler the statements that would be kept prepared keep their plans in
    // temporary functions instead (plan-functions.ts).
    const poolRunner = pgPoolRunner(pool, {
      ...runnerOptions,
      ...(transactionPooled ? { planFunctions: planFunctions({ log: options.log }) } : {}),
    });
    let replica: ReplicaRouter | undefined;
    try {
      replica = target.replica
        ? await openReplica(target.replica.url, poolRunner, { waitMs: target.replica.waitMs, log: options.log })
        : undefined;
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
    const database = assemble(new PrismaClient({ adapter: new PrismaPg(pool) }), [sql, poolRunner], target, migrations, async () => {
      await client.end();
      await pool.end();
      await replica?.close();
    });
    return replica ? { ...database, replica } : database;
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
}
