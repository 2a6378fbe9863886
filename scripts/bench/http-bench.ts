// The bench over HTTP (docs/benchmarks.md "http"): what a person or a runtime waits for. For each
// pool mode (DATABASE_POOL_MODE session, then transaction) the bench starts the production server
// as `npm start` runs it (`next start` through server/startup/server-command.ts, on a build that
// must exist), reports the cold first request, warms each endpoint (`--warmup=` requests, their CPU
// shown by the hundred: V8 is still compiling for the first several hundred), then times each
// endpoint over HTTP — through the real session check (a session row and a cookie signed with the
// server's secret, as sign-in makes) or a runtime API token, tRPC or REST, compression — in
// `--runs=` alternated runs of `--requests=` requests each: the client's wall time, the server's
// CPU per request (its process tree, from /proc/<pid>/stat) and its RSS, and beside it the
// statement(s) behind it prepared and executed through pg (named in session mode, unnamed in
// transaction mode, as the server does), client-timed, each run just after one of the requests. A
// fixed CPU calibration loop is timed with each run. EXPLAIN ANALYZE is printed only as extra
// detail. Then ingest (POST /api/runtime/events) alternated with the plain INSERT for at least
// `--ingest-seconds=`.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { encode } from 'next-auth/jwt';
import pg from 'pg';
import { hashTokenSecret } from '../../server/auth/api-token-secret';
import type { Prisma } from '../../server/db/generated/client';
import { openDatabase, type Database } from '../../server/db/open-database';
import { planFunctions } from '../../server/db/plan-functions';
import { startSession } from '../../server/services/account/start-session';
import { serviceContext } from '../../server/services/context';
import { agentMemoryJsonSql } from '../../server/services/memories/list-agent-memory-json-sql';
import { conversationsSql } from '../../server/services/memories/list-conversations-sql';
import { visibleMemoriesSql } from '../../server/services/memories/list-visible-memories-sql';
import { previewTurnSql } from '../../server/services/memories/preview-turn-sql';
import { LIST_TEXTS_PER_GROUP } from '../../server/services/review/list-review-groups';
import { reviewGroupsSql } from '../../server/services/review/query-review-groups-sql';
import { runtimeRecordsByIdSql, runtimeRecordVersionsSql, scopeVersionsSql } from '../../server/services/runtime/list-runtime-memories-sql';
import { searchRecordsSql } from '../../server/services/runtime/search-runtime-memories-sql';
import { nextStartCommand } from '../../server/startup/server-command';
import { ACCEPT_ENCODING, unpacked } from './accept-encoding';
import { HTTP_ENDPOINT_NAMES, numberFlag, textFlag, type BenchArgs } from './args';
import { onExit } from './bench-database';
import { BENCH_TENANT } from './generate-tenant';
import { runIngestBench } from './ingest';
import { addReader } from './read-path';
import { collectOwnGarbage, minorFaults, percentile, treeCpuMs, treeRssMb } from './measure';
import { ensureListActor, listChangedRecordId, LIST_TENANT } from './runtime-api';

const root = path.resolve(import.meta.dirname, '../..');
type PoolMode = 'session' | 'transaction';

/**
 * CPU and page faults so far of each PostgreSQL backend connected to `database` other than the
 * bench's own connection, by pid (same machine: /proc/<backend pid>/stat): what the database
 * spends serving the server's pool.
 */
async function databaseBackends(client: pg.Client, database: string): Promise<{ cpu: Map<number, number>; faults: Map<number, number> }> {
  const { rows } = await client.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
    [database],
  );
  return {
    cpu: new Map(rows.map(({ pid }) => [pid, treeCpuMs(pid)])),
    faults: new Map(rows.map(({ pid }) => [pid, minorFaults(pid)])),
  };
}

/**
 * The backends' CPU (or page faults) between two readings: each backend's own growth (one opened
 * in between counts from zero; one closed in between is lost, so the figure can only be low, never
 * negative).
 */
export function backendsGrowth(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, cpu] of after) total += Math.max(0, cpu - (before.get(pid) ?? 0));
  return total;
}

/**
 * The glibc `malloc` settings in a PostgreSQL backend's environment (`/proc/<pid>/environ`, NUL
 * separated), or “glibc’s defaults”: with the defaults a backend may fault its planning memory in
 * again on every unnamed statement, which moves transaction mode's database CPU more than any
 * change of ours (docs/operations.md "Running on PostgreSQL").
 */
export function mallocSettings(environ: string): string {
  const settings = environ.split('\0').filter((entry) => /^(MALLOC_[A-Z_]+_|GLIBC_TUNABLES)=/.test(entry));
  return settings.length > 0 ? settings.join(' ') : 'glibc’s defaults';
}

/** mallocSettings of the backend serving `client`, if this process may read its environment. */
async function backendMallocSettings(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  try {
    return mallocSettings(readFileSync(`/proc/${rows[0]!.pid}/environ`, 'utf8'));
  } catch {
    return 'unknown (the backend’s environment cannot be read from here)';
  }
}

// --- figures --------------------------------------------------------------------------------------

/** A fixed amount of CPU work (200,000 chained SHA-256 of 32 bytes), timed: compare machines and moments by it. */
export function calibrationMs(): number {
  const start = performance.now();
  let digest = Buffer.alloc(32);
  for (let i = 0; i < 200_000; i++) digest = createHash('sha256').update(digest).digest();
  if (digest.length !== 32) throw new Error('unreachable');
  return performance.now() - start;
}

/** min / median / max of one figure over the runs. */
export function spread(values: readonly number[], digits = 1): string {
  const sorted = [...values].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(digits);
  return `${f(sorted[0]!)} / ${f(percentile(sorted, 50))} / ${f(sorted[sorted.length - 1]!)}`;
}

/**
 * How likely `wins` rounds of `rounds` (ties left out) or a split as lopsided either way would be if
 * neither build were cheaper: the two-sided sign test, exact. 8 of 8 gives 0.008, 6 of 8 0.29.
 */
export function signTestP(wins: number, rounds: number): number {
  const extreme = Math.max(wins, rounds - wins);
  let tail = 0;
  for (let k = extreme; k <= rounds; k++) tail += binomial(rounds, k);
  return Math.min(1, (2 * tail) / 2 ** rounds);
}

function binomial(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}

// --- HTTP ------------------------------------------------------------------------------------------

// Keep-alive sockets, renewed whenever servers start (one kept from the previous server on the same
// port would be dead).
let agent = new http.Agent({ keepAlive: true });

function freshAgent(): void {
  agent.destroy();
  agent = new http.Agent({ keepAlive: true });
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * One request, compression asked for as a browser would (accept-encoding.ts); the body read to its
 * end. Bytes unpacked. A kept-alive socket the server closed meanwhile is retried once on a new one (Node's
 * advice for `reusedSocket`); every request here only reads.
 */
async function send(base: string, call: Call): Promise<number> {
  try {
    return await sendOnce(base, call);
  } catch (error) {
    if ((error as { reused?: boolean }).reused) return sendOnce(base, call);
    throw error;
  }
}

function sendOnce(base: string, call: Call): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${call.path}`,
      {
        method: call.method,
        agent,
        headers: {
          'accept-encoding': ACCEPT_ENCODING,
          ...(call.body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(call.body)) } : {}),
          ...call.headers,
        },
      },
      (response) => {
        const body = unpacked(response);
        // Counted, not gathered: an answer is up to 441 kB, and the bench's own process should make
        // as little garbage as it can while it times requests. Only a refusal's text is kept, for
        // its message.
        const ok = response.statusCode === 200;
        const refusal: Buffer[] = [];
        let bytes = 0;
        body.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (!ok) refusal.push(chunk);
        });
        body.on('error', reject);
        body.on('end', () => {
          if (ok) resolve(bytes);
          else
            reject(
              new Error(
                `${call.method} ${call.path} answered ${response.statusCode}: ${Buffer.concat(refusal).toString('utf8').slice(0, 300)}`,
              ),
            );
        });
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      reject(Object.assign(error, { reused: request.reusedSocket && error.code === 'ECONNRESET' })),
    );
    request.end(call.body);
  });
}

// --- the server ------------------------------------------------------------------------------------

interface Server {
  pid: number;
  base: string;
  secret: string;
  /** From spawn until /api/health answered. */
  startMs: number;
  stop: () => Promise<void>;
}

/**
 * How the checkout in `dir` starts its server: its own `nextStartCommand`, so that `--compare`
 * measures a change to the server's Node flags as well as to its code.
 */
async function startCommandOf(dir: string): Promise<typeof nextStartCommand> {
  if (dir === root) return nextStartCommand;
  const theirs = (await import(pathToFileURL(path.join(dir, 'server', 'startup', 'server-command.ts')).href)) as {
    nextStartCommand: typeof nextStartCommand;
  };
  return theirs.nextStartCommand;
}

/**
 * `next start` of the build in `dir` (this checkout's by default), started as `npm start` starts it.
 * Two servers given one `secret` accept the same session cookies (`--compare=`).
 */
async function startServer(
  url: string,
  mode: PoolMode,
  port: number,
  { dir = root, secret = randomBytes(32).toString('base64url') }: { dir?: string; secret?: string } = {},
): Promise<Server> {
  const base = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_NODE_FLAGS: more Node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` for where its time goes.
  const extra = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const { command, args } = (await startCommandOf(dir))(dir, { port, host: '127.0.0.1' }, extra);
  const started = performance.now();
  const server: ChildProcess = spawn(command, args, {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      DATABASE_POOL_MODE: mode,
      // Behind a transaction pooler the migrations go to the direct address; here both are the same server.
      ...(mode === 'transaction' ? { MIGRATION_DATABASE_URL: url } : {}),
      NEXTAUTH_SECRET: secret,
      NEXTAUTH_URL: base,
      JOB_RUNNER: 'off',
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const kill = () => void (server.exitCode === null && server.kill('SIGKILL'));
  const forget = onExit(kill); // Ctrl-C, SIGTERM or a failure before stop()
  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    kill();
    forget();
  };
  const until = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) {
      forget();
      throw new Error(`next start exited with ${server.exitCode}`);
    }
    try {
      if ((await fetch(`${base}/api/health`)).status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      await stop();
      throw new Error(`${base} did not answer within 3 minutes`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { pid: server.pid!, base, secret, startMs: performance.now() - started, stop };
}

/**
 * A session of `userId` as signing in makes it: a session row, and the JWT cookie signed with the
 * server's secret. The sessions earlier runs made for `userId` are deleted first: the Account page
 * lists a person's sessions, so on a database measured again (`--reuse=`) it grew by one row for
 * every run before (25.7 kB of HTML for the reader with one session, 34.9 kB with ten).
 */
async function sessionCookie(db: Database, userId: string, secret: string): Promise<string> {
  await db.sql.query(`DELETE FROM "user_session" WHERE "userId" = $1 AND "userAgent" = 'bench'`, [userId]);
  const user = await db.prisma.user.findUniqueOrThrow({ where: { id: userId } });
  const sid = await startSession({ ctx: serviceContext(db.prisma), input: { userId, userAgent: 'bench' } });
  const token = await encode({ token: { sub: userId, sid, name: user.name, email: user.email }, secret, maxAge: 3600 });
  return `next-auth.session-token=${token}`;
}

/** A runtime API token of `tenantRef` (its hash stored as the console stores it), the Authorization header. */
async function runtimeToken(db: Database, tenantRef: string): Promise<string> {
  const secret = `mct_${randomBytes(32).toString('base64url')}`;
  await db.sql.query(
    `INSERT INTO "api_token" ("id", "name", "tokenHash", "prefix", "tenantRef", "permissions") VALUES ($1, 'bench http', $2, 'mct_bench', $3, ARRAY['memories:read'])`,
    [`tok_bench_http_${tenantRef}_${randomBytes(4).toString('hex')}`, hashTokenSecret(secret), tenantRef],
  );
  return `Bearer ${secret}`;
}

// --- the endpoints -----------------------------------------------------------------------------------

const READER = 'reader';
const READER_USER = 'usr_bench_reader';
const ADMIN_USER = 'usr_bench_0'; // admin of the bench tenant (generate-tenant.ts)
const SEARCH = { scopes: ['actor:p17', `tenant:${BENCH_TENANT}`, 'global'], query: 'meeting short', limit: 10 };

interface Endpoint {
  /** Its name for `--endpoints=`. */
  name: string;
  label: string;
  dataset: string;
  call: (auth: Auth) => Call;
  statements: Prisma.Sql[];
  target: string;
  /** Run through pg before each timed request, outside its time. */
  beforeEach?: (client: pg.Client) => Promise<unknown>;
}

interface Auth {
  reader: string;
  admin: string;
  listToken: string;
  searchToken: string;
}

/** The reader's and the administrator's cookies (signed with `secret`) and the runtime's two tokens. */
async function benchAuth(db: Database, secret: string): Promise<Auth> {
  return {
    reader: await sessionCookie(db, READER_USER, secret),
    admin: await sessionCookie(db, ADMIN_USER, secret),
    listToken: await runtimeToken(db, LIST_TENANT),
    searchToken: await runtimeToken(db, BENCH_TENANT),
  };
}

function readerViewer(scopes: string[]) {
  return {
    actorRef: READER,
    scopes,
    grants: [],
    tenant: { ref: BENCH_TENANT, name: 'Benchmark tenant', maxMemories: 20, maxFactChars: 240 },
  };
}

function endpoints(listScopes: string[], people: number, memories: number): Endpoint[] {
  const tenant = `bench tenant (${people.toLocaleString('en-US')} people, ${memories.toLocaleString('en-US')} records, 20,000 threads)`;
  const viewer = readerViewer([`actor:${READER}`, `tenant:${BENCH_TENANT}`, 'global']);
  const listCall = (auth: Auth): Call => ({
    method: 'POST',
    path: '/api/runtime/memories/list',
    headers: { authorization: auth.listToken },
    body: JSON.stringify({ scopes: listScopes }),
  });
  const reviewQuery = { tenants: [BENCH_TENANT], dismissed: false, sort: 'people' as const, limit: 26, texts: LIST_TEXTS_PER_GROUP };
  return [
    {
      name: 'memories',
      label: 'GET /memories (page, HTML)',
      dataset: `${tenant}; the reader sees 2,610 (2,000 organisation, 500 global, 50 own)`,
      call: (auth) => ({ method: 'GET', path: '/memories', headers: { cookie: auth.reader } }),
      statements: [
        visibleMemoriesSql({ viewer, page: { limit: 50 } }, new Date()),
        previewTurnSql(viewer, new Date()),
        conversationsSql(viewer, new Date()),
      ],
      target: 'server CPU ≤ 20 ms/request; database ≤ 15 ms',
    },
    {
      name: 'page-floor',
      label: 'GET /signin (page, HTML, signed out)',
      dataset: '(no data: the sign-in form)',
      call: () => ({ method: 'GET', path: '/signin', headers: {} }),
      statements: [],
      target: '(none: a page that reads nothing, for scale: what Next, the proxy and the root layout cost any page)',
    },
    {
      name: 'account',
      label: 'GET /account (page, HTML)',
      dataset: `${tenant}; the same reader`,
      call: (auth) => ({ method: 'GET', path: '/account', headers: { cookie: auth.reader } }),
      statements: [],
      target: '(none: a short page behind the same layout and session check, for scale)',
    },
    {
      name: 'review',
      label: 'review.list (tRPC, first page)',
      dataset: `${tenant}; 20,400+ distinct keys`,
      call: (auth) => ({ method: 'GET', path: `/api/trpc/review.list?input=${encodeURIComponent('{}')}`, headers: { cookie: auth.admin } }),
      statements: [reviewGroupsSql(reviewQuery, new Date())],
      target: 'p95 ≤ 100 ms idle; ≤ 1.5× its prepared SQL',
    },
    {
      name: 'trpc-floor',
      label: 'viewer.me (tRPC)',
      dataset: `${tenant}; the same administrator`,
      call: (auth) => ({ method: 'GET', path: '/api/trpc/viewer.me', headers: { cookie: auth.admin } }),
      statements: [],
      target: '(none: the shortest tRPC query behind the same session check, for scale beside review.list)',
    },
    {
      name: 'runtime-list',
      label: 'POST runtime memories/list',
      dataset: `bench-runtime person rt0: ${listScopes.length} scopes, 2,000 applicable records, unchanged since the last request (the kept answer; SQL: the versions statement)`,
      call: listCall,
      statements: [scopeVersionsSql(listScopes, new Date())],
      target: 'server CPU ≤ 12 ms/request; p95 ≤ 20 ms idle',
    },
    {
      name: 'runtime-list-changed',
      label: 'POST runtime memories/list, after a change',
      dataset: `the same, one of rt0's records updated before each request, so the kept answer is made again from its other records (SQL: the versions statement, the records' versions and the changed record by id)`,
      call: listCall,
      statements: [
        scopeVersionsSql(listScopes, new Date()),
        runtimeRecordVersionsSql(listScopes, new Date()),
        runtimeRecordsByIdSql([listChangedRecordId()]),
      ],
      target: 'server CPU ≤ 12 ms/request; p95 ≤ 20 ms idle',
      beforeEach: (client) => client.query(`UPDATE "agent_memory" SET "updatedAt" = "updatedAt" WHERE "id" = $1`, [listChangedRecordId()]),
    },
    {
      name: 'runtime-search',
      label: `POST runtime memories/search "${SEARCH.query}"`,
      dataset: `${tenant}; scopes of p17 hold 2,570 shared facts`,
      call: (auth) => ({
        method: 'POST',
        path: '/api/runtime/memories/search',
        headers: { authorization: auth.searchToken },
        body: JSON.stringify(SEARCH),
      }),
      statements: [searchRecordsSql(SEARCH, new Date())],
      target: 'p95 ≤ 50 ms over HTTP',
    },
    {
      name: 'read-back',
      label: 'GET /agent/memories (REST read-back)',
      dataset: `${tenant}; the reader's 2,610`,
      call: (auth) => ({ method: 'GET', path: '/agent/memories', headers: { cookie: auth.reader } }),
      statements: [agentMemoryJsonSql({ viewer }, new Date())],
      target: '(no target of its own)',
    },
  ];
}

/**
 * VACUUM (ANALYZE) of the tables the bench itself writes, before each pool mode: the reader's 2,604
 * records are made again by every run (addReader), the list person's record is updated before each
 * "after a change" request, and a server with autovacuum off (as this machine's is) would otherwise
 * walk the dead versions they leave behind: My memories' database time rose from 9.9 to 18.5 ms a
 * request over a dozen runs on one kept database, and fell back to 10.3 after a VACUUM.
 * INDEX_CLEANUP ON: below 2 % of the pages holding dead versions PostgreSQL leaves the indexes'
 * entries for them in place, for every walk to step over. In ms.
 */
async function vacuumBenchTables(db: Database): Promise<number> {
  const start = performance.now();
  await db.sql.query('VACUUM (ANALYZE, INDEX_CLEANUP ON) "agent_memory", "scope_version", "review_summary", "visible_key_count"');
  return performance.now() - start;
}

// --- the prepared statements ---------------------------------------------------------------------

/** Plan functions for the bench's own connection in transaction mode, as the console keeps them there. */
const transactionPlans = planFunctions();

/** The bench's one connection as the pool plan functions run on (it stays open whatever happens). */
function poolOfOne(client: pg.Client): pg.Pool {
  const query = client.query.bind(client);
  return { query, connect: async () => ({ query, release: () => {} }) } as unknown as pg.Pool;
}

/**
 * Executes `statements` once through pg as the console runs them: named (prepared once, then
 * reused) in session mode, through plan functions in transaction mode (server/db/plan-functions.ts).
 */
async function executeStatements(client: pg.Client, statements: Prisma.Sql[], mode: PoolMode, label: string): Promise<void> {
  for (const [index, statement] of statements.entries()) {
    const name = `bench_${createHash('sha1').update(`${label}#${index}`).digest('hex').slice(0, 16)}`;
    if (mode === 'session') await client.query({ name, text: statement.text, values: statement.values });
    else await transactionPlans.query(poolOfOne(client), name, statement.text, statement.values, (text, values) => ({ text, values }));
  }
}

async function explainMs(client: pg.Client, statements: Prisma.Sql[]): Promise<{ planning: number; execution: number }> {
  let planning = 0;
  let execution = 0;
  for (const statement of statements) {
    const { rows } = await client.query<{ 'QUERY PLAN': [{ 'Planning Time': number; 'Execution Time': number }] }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`,
      statement.values,
    );
    planning += rows[0]!['QUERY PLAN'][0]['Planning Time'];
    execution += rows[0]!['QUERY PLAN'][0]['Execution Time'];
  }
  return { planning, execution };
}

/** What a run measures in each pool mode (from the flags and the generated tenant). */
interface ModeOptions {
  port: number;
  runs: number;
  requests: number;
  /** `--warmup=`: requests per endpoint before the runs. */
  warmup: number;
  /** `--server-per-run`: each run on a fresh server, warmed as the first (see measureMode). */
  serverPerRun: boolean;
  /** `--idle=`: seconds without requests before each endpoint's request after the runs (afterIdle); 0 for none. */
  idleSeconds: number;
  ingestSeconds: number;
  listScopes: string[];
  people: number;
  memories: number;
  /** `--endpoints=`: the endpoints (and ingest) to measure. */
  only: string[];
}

// --- two builds --------------------------------------------------------------------------------------

/** `--compare=`: the figures' options but ingest's, and the other checkout, built. */
type CompareOptions = Omit<ModeOptions, 'ingestSeconds'> & { other: string };

/**
 * `--compare=<dir>`: this checkout's build (A) against the build of another checkout (B), on one
 * database, in one pool mode, with one session secret. Their requests take turns, one each, A first
 * then B first, so that both meet the machine at the same speed (here it changes in phases of
 * seconds), and each round reads both servers' CPU from /proc, after `--warmup=` requests to each
 * per endpoint (see warmUp). Each round starts both servers afresh, on swapped ports and in swapped
 * order every other round: a process's own luck (what its JIT compiled, when its heap was
 * collected) moves its figures by a millisecond or more and would otherwise count as a difference
 * between the builds. It measures what a change costs or saves, not the targets: no statement
 * follows a request here.
 */
async function compareMode(db: Database, url: string, mode: PoolMode, options: CompareOptions): Promise<void> {
  await vacuumBenchTables(db);
  const secret = randomBytes(32).toString('base64url');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const auth = await benchAuth(db, secret);
    console.log(`\n### Pool mode: ${mode}. A: this checkout (${root}); B: ${options.other}\n`);
    const list = endpoints(options.listScopes, options.people, options.memories).filter((endpoint) => options.only.includes(endpoint.name));
    const calibrations: number[] = [];
    const rounds = new Map<string, { a: number; b: number }[]>(list.map((endpoint) => [endpoint.label, []]));
    for (let round = 0; round < options.runs; round++) {
      calibrations.push(calibrationMs());
      const pair = await startPair(url, mode, options, secret, round % 2 === 1);
      try {
        for (const endpoint of list) {
          const call = endpoint.call(auth);
          await inTurns(pair, endpoint, call, client, options.warmup);
          const before = pair.map((server) => treeCpuMs(server.pid));
          await inTurns(pair, endpoint, call, client, options.requests);
          const [a, b] = pair.map((server, index) => (treeCpuMs(server.pid) - before[index]!) / options.requests) as [number, number];
          rounds.get(endpoint.label)!.push({ a, b });
        }
      } finally {
        for (const server of pair) await server.stop();
      }
    }
    for (const endpoint of list) {
      console.log(`| ${endpoint.label}: round | A server CPU ms/request | B server CPU ms/request | B − A |`);
      console.log('| --- | --- | --- | --- |');
      rounds
        .get(endpoint.label)!
        .forEach(({ a, b }, index) => console.log(`| ${index + 1} | ${a.toFixed(2)} | ${b.toFixed(2)} | ${(b - a).toFixed(2)} |`));
      console.log('');
    }
    console.log(
      `${options.runs} rounds, each on a fresh pair of servers, of ${options.requests} requests to each server per endpoint, taking turns. ` +
        `Calibration (200,000 × SHA-256) ${spread(calibrations, 0)} ms.\n`,
    );
    console.log(
      '| endpoint | A server CPU ms/request (min / median / max) | B | B − A: mean (min / median / max) | rounds where A was cheaper (sign test) |',
    );
    console.log('| --- | --- | --- | --- | --- |');
    for (const endpoint of list) {
      const figures = rounds.get(endpoint.label)!;
      const differences = figures.map(({ a, b }) => b - a);
      const mean = differences.reduce((sum, each) => sum + each, 0) / differences.length;
      const cheaper = differences.filter((each) => each > 0).length;
      const dearer = differences.filter((each) => each < 0).length;
      console.log(
        `| ${endpoint.label} | ${spread(figures.map(({ a }) => a))} | ${spread(figures.map(({ b }) => b))} | ${mean.toFixed(2)} (${spread(differences, 2)}) | ` +
          `${cheaper} of ${differences.length} (p = ${signTestP(cheaper, cheaper + dearer).toFixed(3)}) |`,
      );
    }
  } finally {
    await client.end();
  }
}

/** A's and B's servers, both answering: A on `port` and B on the next, or the other way round when `swapped`. */
async function startPair(
  url: string,
  mode: PoolMode,
  options: CompareOptions,
  secret: string,
  swapped: boolean,
): Promise<[Server, Server]> {
  freshAgent();
  const builds = [
    { dir: root, secret },
    { dir: options.other, secret },
  ];
  const started: Server[] = [];
  try {
    for (const [index, build] of (swapped ? [...builds].reverse() : builds).entries()) {
      started.push(await startServer(url, mode, options.port + index, build));
    }
  } catch (error) {
    for (const server of started) await server.stop();
    throw error;
  }
  return swapped ? [started[1]!, started[0]!] : [started[0]!, started[1]!];
}

// --- one pool mode --------------------------------------------------------------------------------

/**
 * `count` requests of `endpoint` to a fresh `server` before its runs, and its CPU per request over
 * each hundred of them. V8 keeps compiling a new server's hot paths for its first several hundred
 * requests (My memories' CPU per request fell by about a third over its first thousand;
 * docs/benchmark-history.md "Figures of 7 December"), and a server in service is long past them.
 * The cold first request is reported on its own.
 */
async function warmUp(server: Server, endpoint: Endpoint, call: Call, client: pg.Client, count: number): Promise<number[]> {
  const hundreds: number[] = [];
  for (let done = 0; done < count;) {
    const n = Math.min(100, count - done);
    const cpu = treeCpuMs(server.pid);
    for (let i = 0; i < n; i++) {
      await endpoint.beforeEach?.(client);
      await send(server.base, call);
    }
    hundreds.push((treeCpuMs(server.pid) - cpu) / n);
    done += n;
  }
  return hundreds;
}

/**
 * `count` requests of `endpoint` to each server of `--compare=`'s pair, taking turns, A first then B
 * first: its warm-up and its timed requests alike. Warmed one after the other, A sat idle through
 * B's warm-up (20–30 s for My memories) and came to its timed requests from a pause, B straight from
 * its warm-up: one build set against itself came out 2.5 ms cheaper as B on My memories, in 7 of 8
 * rounds (docs/benchmark-history.md "Figures of 7 December, late evening").
 */
async function inTurns(pair: Server[], endpoint: Endpoint, call: Call, client: pg.Client, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    for (const server of i % 2 === 0 ? pair : [...pair].reverse()) {
      await endpoint.beforeEach?.(client);
      await send(server.base, call);
    }
  }
}

/** A warm-up's CPU per request, hundred by hundred (warmUp), as a line of the output. */
function byTheHundred(hundreds: number[]): string {
  return hundreds.map((ms) => ms.toFixed(1)).join(' → ');
}

/**
 * `--idle=`: each endpoint's first request after `idleSeconds` without any, `runs` times, as the
 * table's lines: what a person gets who read a page for a while before the next. Until 7 December
 * node-postgres closed every connection unused for 10 s, and the next page opened them again, new
 * backends that planned their statements afresh (docs/benchmarks.md "Idle connections"); the
 * last column counts the backends opened meanwhile.
 */
async function afterIdle(
  server: Server,
  list: Endpoint[],
  auth: Auth,
  client: pg.Client,
  database: string,
  options: Pick<ModeOptions, 'idleSeconds' | 'runs'>,
): Promise<string[]> {
  const lines = [
    `| first request after ${options.idleSeconds} s without requests, ${options.runs} times | wall ms | server CPU ms | database CPU ms | database connections opened |`,
    '| --- | --- | --- | --- | --- |',
  ];
  for (const endpoint of list) {
    const call = endpoint.call(auth);
    const walls: number[] = [];
    const cpus: number[] = [];
    const dbCpus: number[] = [];
    const opened: number[] = [];
    for (let run = 0; run < options.runs; run++) {
      await new Promise((resolve) => setTimeout(resolve, options.idleSeconds * 1000));
      const backends = await databaseBackends(client, database);
      const cpu = treeCpuMs(server.pid);
      const start = performance.now();
      await send(server.base, call);
      walls.push(performance.now() - start);
      cpus.push(treeCpuMs(server.pid) - cpu);
      const after = await databaseBackends(client, database);
      dbCpus.push(backendsGrowth(backends.cpu, after.cpu));
      opened.push([...after.cpu.keys()].filter((pid) => !backends.cpu.has(pid)).length);
    }
    lines.push(`| ${endpoint.label} | ${spread(walls, 0)} | ${spread(cpus, 0)} | ${spread(dbCpus, 0)} | ${spread(opened, 0)} |`);
  }
  return lines;
}

interface RunFigures {
  /** CPU of the database's backends per request (the server's pool), ms. */
  dbCpuPerRequest: number;
  /** Minor page faults of those backends per request. */
  dbFaultsPerRequest: number;
  httpMedian: number;
  httpP95: number;
  cpuPerRequest: number;
  sqlMedian: number;
  bytes: number;
}

async function measureMode(db: Database, url: string, mode: PoolMode, options: ModeOptions): Promise<string[]> {
  const out: string[] = [];
  const say = (line: string) => {
    console.log(line);
    out.push(line);
  };
  const vacuumMs = await vacuumBenchTables(db);
  freshAgent();
  let server = await startServer(url, mode, options.port);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const database = decodeURIComponent(new URL(url).pathname.slice(1));
  try {
    say(`\n### Pool mode: ${mode} (DATABASE_POOL_MODE=${mode})\n`);
    say(`VACUUM (ANALYZE, INDEX_CLEANUP ON) of the tables the bench writes took ${vacuumMs.toFixed(0)} ms before the server started.`);
    say(`PostgreSQL’s malloc settings: ${await backendMallocSettings(client)}.`);
    say(
      `next start answered /api/health ${server.startMs.toFixed(0)} ms after spawn; load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    const auth = await benchAuth(db, server.secret);
    const list = endpoints(options.listScopes, options.people, options.memories).filter((endpoint) => options.only.includes(endpoint.name));
    // The cold first request of each endpoint on this fresh server (route code loaded, pools opened).
    say('');
    say('| cold first request | wall ms | server CPU ms |');
    say('| --- | --- | --- |');
    for (const endpoint of list) {
      const cpu = treeCpuMs(server.pid);
      const start = performance.now();
      await send(server.base, endpoint.call(auth));
      say(`| ${endpoint.label} | ${(performance.now() - start).toFixed(0)} | ${treeCpuMs(server.pid) - cpu} |`);
    }
    if (options.warmup > 0) {
      say('');
      say(`| warm-up: ${options.warmup} requests each, before the runs | server CPU ms/request, by the hundred |`);
      say('| --- | --- |');
      for (const endpoint of list) {
        const hundreds = await warmUp(server, endpoint, endpoint.call(auth), client, options.warmup);
        say(`| ${endpoint.label} | ${byTheHundred(hundreds)} |`);
      }
    }
    const figures = new Map<string, RunFigures[]>(list.map((endpoint) => [endpoint.label, []]));
    const calibrations: number[] = [];
    const loads: number[] = [];
    let rss = treeRssMb(server.pid);
    // --server-per-run: a process's own luck (what its JIT compiled, when its heap was collected)
    // moved My memories by several milliseconds from one warmed server to the next (17.4–22.0 ms over
    // six of them, docs/benchmark-history.md "Figures of 7 December, morning"), so with one server
    // every run repeats one draw of it. Each later run gets a server of its own, with the same
    // secret (the cookies stay valid) and the same warm-up, its CPU by the hundred printed after
    // the runs.
    const laterWarmUps: string[] = [];
    const laterWarmUp = Math.max(1, options.warmup); // at least the cold request, untimed
    for (let run = 0; run < options.runs; run++) {
      if (run > 0 && options.serverPerRun) {
        await server.stop(); // its RSS was read after its last requests
        server = await startServer(url, mode, options.port, { secret: server.secret });
        for (const endpoint of list) {
          const hundreds = await warmUp(server, endpoint, endpoint.call(auth), client, laterWarmUp);
          laterWarmUps.push(`| run ${run + 1}: ${endpoint.label} | ${byTheHundred(hundreds)} |`);
        }
      }
      calibrations.push(calibrationMs());
      loads.push(loadavg()[0]!);
      for (const endpoint of list) {
        const call = endpoint.call(auth);
        await send(server.base, call); // one warm request per run
        await executeStatements(client, endpoint.statements, mode, endpoint.label); // prepares (session mode)
        // Each request is followed by its statement(s) through pg, so the two are timed at the same
        // moments: this machine's speed changes in phases of seconds (docs/benchmarks.md), and a
        // run of requests then a run of statements set a fast phase against a slow one.
        const samples: number[] = [];
        const sql: number[] = [];
        let bytes = 0;
        const cpu = treeCpuMs(server.pid);
        const backends = await databaseBackends(client, database);
        for (let i = 0; i < options.requests; i++) {
          await endpoint.beforeEach?.(client);
          collectOwnGarbage();
          const start = performance.now();
          bytes = await send(server.base, call);
          samples.push(performance.now() - start);
          collectOwnGarbage();
          const sqlStart = performance.now();
          await executeStatements(client, endpoint.statements, mode, endpoint.label);
          sql.push(performance.now() - sqlStart);
        }
        const cpuPerRequest = (treeCpuMs(server.pid) - cpu) / options.requests;
        const backendsAfter = await databaseBackends(client, database);
        const dbCpuPerRequest = backendsGrowth(backends.cpu, backendsAfter.cpu) / options.requests;
        const dbFaultsPerRequest = backendsGrowth(backends.faults, backendsAfter.faults) / options.requests;
        rss = Math.max(rss, treeRssMb(server.pid));
        figures.get(endpoint.label)!.push({
          httpMedian: percentile(samples, 50),
          httpP95: percentile(samples, 95),
          cpuPerRequest,
          dbCpuPerRequest,
          dbFaultsPerRequest,
          sqlMedian: percentile(sql, 50),
          bytes,
        });
      }
    }
    if (laterWarmUps.length > 0) {
      say('');
      say(`| warm-up of each later run's own server: ${laterWarmUp} requests each | server CPU ms/request, by the hundred |`);
      say('| --- | --- |');
      for (const line of laterWarmUps) say(line);
    }
    say('');
    say(
      `${options.runs} alternated runs of ${options.requests} requests per endpoint${options.serverPerRun ? ', each run on a server of its own' : ''}; each figure min / median / max over the runs. ` +
        `Calibration (200,000 × SHA-256) ${spread(calibrations, 0)} ms; load average (1 min) ${spread(loads)}; server RSS up to ${rss.toFixed(0)} MB.`,
    );
    say('');
    say(
      '| endpoint | dataset | target | HTTP median ms | HTTP p95 ms | server CPU ms/request | database CPU ms/request | database page faults/request | prepared SQL median ms (pg, client wall) | ratio HTTP ÷ SQL (median) | bytes |',
    );
    say('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const endpoint of list) {
      const runs = figures.get(endpoint.label)!;
      say(
        `| ${endpoint.label} | ${endpoint.dataset} | ${endpoint.target} | ${spread(runs.map((r) => r.httpMedian))} | ${spread(runs.map((r) => r.httpP95))} | ` +
          `${spread(runs.map((r) => r.cpuPerRequest))} | ${spread(runs.map((r) => r.dbCpuPerRequest))} | ${spread(
            runs.map((r) => r.dbFaultsPerRequest),
            0,
          )} | ` +
          // An endpoint with no statement of its own (the Account page and viewer.me, for scale) has no SQL to compare with.
          (endpoint.statements.length === 0
            ? '– | – | '
            : `${spread(runs.map((r) => r.sqlMedian))} | ${spread(
                runs.map((r) => r.httpMedian / r.sqlMedian),
                2,
              )} | `) +
          `${runs[0]!.bytes.toLocaleString('en-US')} |`,
      );
    }
    if (options.idleSeconds > 0) {
      say('');
      for (const line of await afterIdle(server, list, auth, client, database, options)) say(line);
    }
    say('');
    say('EXPLAIN ANALYZE (extra detail, one run, summed over the statements): ');
    for (const endpoint of list.filter((each) => each.statements.length > 0)) {
      const { planning, execution } = await explainMs(client, endpoint.statements);
      say(`- ${endpoint.label}: planning ${planning.toFixed(1)} ms, execution ${execution.toFixed(1)} ms`);
    }
    if (!options.only.includes('ingest')) return out;
    // Ingest, alternated with the plain INSERT (each round: the endpoint, then the same rows inserted through pg).
    const rounds: { endpoint: number; plain: number; cpu?: number }[] = [];
    let ingestSeconds = 0;
    while (ingestSeconds < options.ingestSeconds || rounds.length < 3) {
      const result = await runIngestBench({ url: server.base, databaseUrl: url, serverPid: server.pid });
      rounds.push({ endpoint: result.endpointPerSecond, plain: result.plainInsertPerSecond, cpu: result.serverCpuMsPerBatch });
      ingestSeconds += result.events / result.endpointPerSecond;
    }
    say('');
    say(
      `Ingest: ${rounds.length} rounds, ${ingestSeconds.toFixed(0)} s of posting in all (4 clients, batches of 1,000 memory.resolved events), each round followed by the plain multi-row INSERT of the same rows:`,
    );
    say('');
    say('| ingest | events/s min / median / max | server CPU ms per batch (main process) | ratio to plain INSERT |');
    say('| --- | --- | --- | --- |');
    say(
      `| POST /api/runtime/events | ${spread(
        rounds.map((r) => r.endpoint),
        0,
      )} | ${spread(rounds.map((r) => r.cpu ?? 0))} | ${spread(
        rounds.map((r) => r.endpoint / r.plain),
        2,
      )} |`,
    );
    say(
      `| plain INSERT (pg) | ${spread(
        rounds.map((r) => r.plain),
        0,
      )} | – | 1 |`,
    );
    return out;
  } finally {
    await client.end();
    await server.stop();
  }
}

/** The HTTP section on the bench database at `url`; false when it could not run. */
export async function runHttpBench(url: string, args: BenchArgs): Promise<boolean> {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!existsSync(buildId)) {
    console.log('http: no production build (.next/BUILD_ID); run `npx next build` first (npm start builds too)');
    return false;
  }
  console.log(`next start on the build of ${statSync(buildId).mtime.toISOString()}`);
  const compared = textFlag(args, 'compare');
  const other = compared === undefined ? undefined : path.resolve(compared);
  if (other !== undefined) {
    const otherBuild = path.join(other, '.next', 'BUILD_ID');
    if (!existsSync(otherBuild) || !existsSync(path.join(other, 'node_modules', 'next'))) {
      console.log(`http --compare: ${other} holds no installed, built checkout (run \`npm ci && npx next build\` there first)`);
      return false;
    }
    console.log(`compared with the build of ${statSync(otherBuild).mtime.toISOString()} in ${other}`);
  }
  const modes = (textFlag(args, 'pool-modes') ?? 'session,transaction').split(',') as PoolMode[];
  // parseArgs has checked the names.
  const only = textFlag(args, 'endpoints')?.split(',') ?? [...HTTP_ENDPOINT_NAMES];
  const db = await openDatabase({ kind: 'postgres', url }, { migrate: false });
  try {
    await addReader(db, BENCH_TENANT);
    await db.sql.query(
      `INSERT INTO "user" ("id","email","name","actorRef","tenantRef","updatedAt") VALUES ($1,'reader@bench.invalid','Bench reader',$2,$3,now())
       ON CONFLICT ("id") DO NOTHING`,
      [READER_USER, READER, BENCH_TENANT],
    );
    const listScopes = await ensureListActor(serviceContext(db.prisma));
    const [autovacuum] = await db.sql.query<{ autovacuum: string }>('SHOW autovacuum');
    console.log(`autovacuum on this server: ${autovacuum?.autovacuum}; the bench vacuums the tables it writes before each pool mode`);
    const people = await db.prisma.user.count({ where: { tenantRef: BENCH_TENANT } });
    const memories = await db.prisma.agentMemory.count();
    const options = {
      port: numberFlag(args, 'port', 3999),
      runs: numberFlag(args, 'runs', 3),
      requests: numberFlag(args, 'requests', 100),
      warmup: numberFlag(args, 'warmup', 1000),
      serverPerRun: args.flags['server-per-run'] === true,
      idleSeconds: numberFlag(args, 'idle', 0),
      ingestSeconds: numberFlag(args, 'ingest-seconds', 30),
      listScopes,
      people,
      memories,
      only,
    };
    if (other === undefined) {
      for (const mode of modes) await measureMode(db, url, mode, options);
    } else {
      for (const mode of modes) await compareMode(db, url, mode, { ...options, other });
    }
    return true;
  } finally {
    await db.close();
  }
}
