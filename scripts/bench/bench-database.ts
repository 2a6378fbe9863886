// The bench's own databases (docs/benchmarks.md "Running them"). BENCH_DATABASE_URL names the
// PostgreSQL server, the credentials and a name prefix; the bench creates `<prefix>_<UTC
// timestamp>_<pid>` there, marks it with a COMMENT ON DATABASE, and drops only databases that carry
// the mark — and, unless asked to keep it, only the one this run created. A database it did not
// create (no mark) is refused, never dropped or written to. Cleanup also runs on Ctrl-C and
// SIGTERM (onExit below), and kills the servers the bench started.
import pg from 'pg';
import { databaseUrlWithName } from '../../server/testing/database-url';

export const BENCH_MARK = 'memory-console bench: created by npm run bench, dropped by it';

/** What the functions here need of a connection to the server's `postgres` database. */
export interface Queryable {
  query(sql: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export class BenchRefusal extends Error {}

const IDENTIFIER = /^[a-z0-9_]{1,63}$/;

/** `<prefix>_<yyyymmddhhmmss>_<pid>`, the prefix from BENCH_DATABASE_URL's database name. */
export function benchDatabaseName(url: string, now: Date, pid: number): string {
  const prefix =
    decodeURIComponent(new URL(url).pathname.slice(1))
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '_')
      .slice(0, 30) || 'mc_bench';
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${prefix}_${stamp}_${pid}`;
}

function checkedName(name: string): string {
  if (!IDENTIFIER.test(name)) throw new BenchRefusal(`Not a database name the bench makes: ${name}`);
  return name;
}

/** The database's comment, or null when there is no such database; undefined when it exists without one. */
async function markOf(admin: Queryable, name: string): Promise<string | null | undefined> {
  const { rows } = await admin.query(`SELECT shobj_description(d.oid, 'pg_database') AS comment FROM pg_database d WHERE d.datname = $1`, [
    name,
  ]);
  if (rows.length === 0) return null;
  return (rows[0]!.comment as string | null) ?? undefined;
}

/** Creates `name` (refused if it exists) and marks it as the bench's. */
export async function createMarked(admin: Queryable, name: string): Promise<void> {
  checkedName(name);
  if ((await markOf(admin, name)) !== null)
    throw new BenchRefusal(`Database ${name} already exists; the bench only uses databases it creates.`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.query(`COMMENT ON DATABASE "${name}" IS '${BENCH_MARK}'`);
}

/** Checks that `name` exists and carries the bench's mark; refuses (throws) otherwise. */
export async function requireMarked(admin: Queryable, name: string): Promise<void> {
  checkedName(name);
  const mark = await markOf(admin, name);
  if (mark === null) throw new BenchRefusal(`Database ${name} does not exist.`);
  if (mark !== BENCH_MARK) {
    throw new BenchRefusal(`Database ${name} was not created by the bench (no bench mark on it); refusing to use or drop it.`);
  }
}

/** Drops `name` only if it carries the bench's mark. */
export async function dropMarked(admin: Queryable, name: string): Promise<void> {
  await requireMarked(admin, name);
  await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`);
}

// --- cleanup on every exit ---------------------------------------------------------------------

const cleanups: (() => Promise<void> | void)[] = [];
let installed = false;
let interrupted = false;

/** True once a signal started the cleanup (what fails after that is the cleanup's doing, not news). */
export function isInterrupted(): boolean {
  return interrupted;
}

/** Runs `cleanup` at the end of the run, also on failure, Ctrl-C or SIGTERM; most recent first. */
export function onExit(cleanup: () => Promise<void> | void): () => void {
  cleanups.push(cleanup);
  if (!installed) {
    installed = true;
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.once(signal, () => {
        interrupted = true;
        console.error(`\n${signal}: cleaning up what the bench made…`);
        void runCleanups().finally(() => process.exit(130));
      });
    }
  }
  return () => {
    const at = cleanups.indexOf(cleanup);
    if (at >= 0) cleanups.splice(at, 1);
  };
}

export async function runCleanups(): Promise<void> {
  while (cleanups.length) {
    const cleanup = cleanups.pop()!;
    try {
      await cleanup();
    } catch (error) {
      console.error('cleanup failed:', error instanceof Error ? error.message : error);
    }
  }
}

async function withAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: databaseUrlWithName(url, 'postgres') });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * The database this run measures: a new one (dropped at exit unless `keep`), or with `reuse` an
 * existing one the bench made before (kept). Returns its URL.
 */
export async function benchDatabase(
  serverUrl: string,
  options: { reuse?: string; keep?: boolean } = {},
): Promise<{ url: string; created: boolean }> {
  if (options.reuse) {
    const name = options.reuse;
    await withAdmin(serverUrl, (admin) => requireMarked(admin, name));
    return { url: databaseUrlWithName(serverUrl, name), created: false };
  }
  const name = benchDatabaseName(serverUrl, new Date(), process.pid);
  await withAdmin(serverUrl, (admin) => createMarked(admin, name));
  if (options.keep) console.log(`bench database ${name} (kept: --reuse=${name} measures it again; drop it with dropdb --force ${name})`);
  else {
    console.log(`bench database ${name} (dropped at the end)`);
    onExit(() => withAdmin(serverUrl, (admin) => dropMarked(admin, name)));
  }
  return { url: databaseUrlWithName(serverUrl, name), created: true };
}
