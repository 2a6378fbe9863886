// The /memories page and GET /agent/memories through a real `next start` (docs/benchmarks.md):
// the bench's reader signs in (a user and a session row in the bench database, the cookie minted
// with the server's secret), then each is timed over HTTP — p50 / p95, bytes, the server's CPU per
// request — beside PostgreSQL's own execution time of the statements behind it, in the same run;
// then requests per second and the server's highest RSS with 16 callers for a minute, each with a
// session of its own (a session runs at most 8 requests at once, server/http/request-slots.ts): the page on
// a server just started, the read-back on that server after the page's minute (what a server that
// serves both carries), and the read-back alone on another one just started. The requests come from
// a client process started for each phase (scripts/bench/http-client.ts). Needs a build (`.next`).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { encode } from 'next-auth/jwt';
import type { Database } from '../../server/db/open-database';
import { serviceContext } from '../../server/services/context';
import { startSession } from '../../server/services/account/start-session';
import { nextStartCommand } from '../../server/startup/server-command';
import { onExit } from './bench-database';
import type { ClientReply, ClientTask } from './http-client';
import { percentile, treeCpuMs, treeRssMb } from './measure';

const root = path.resolve(import.meta.dirname, '../..');
const RUNS = 150;
const CONCURRENCY = 16;
const LOAD_SECONDS = 60;
const USER_ID = 'usr_bench_reader';

export interface HttpTiming {
  p50: number;
  p95: number;
  /** The server's CPU (its process tree) per request. */
  cpu: number;
  bytes: number;
}

export interface LoadResult {
  callers: number;
  seconds: number;
  rps: number;
  rssMb: number;
}

export interface PageBenchResult {
  page: HttpTiming;
  rest: HttpTiming;
  pageLoad: LoadResult;
  /** The read-back's load on the server that has just carried the page's. */
  restLoadAfterPage: LoadResult;
  /** The read-back's load on a server that has served nothing else. */
  restLoad: LoadResult;
}

/** The bench reader as a person who can sign in, and a cookie for each of `count` fresh sessions of theirs. */
async function signedInCookies(db: Database, tenantRef: string, actorRef: string, secret: string, count: number): Promise<string[]> {
  await db.sql.query(
    `INSERT INTO "user" ("id","email","name","actorRef","tenantRef","updatedAt") VALUES ($1,'reader@bench.invalid','Bench reader',$2,$3,now())
     ON CONFLICT ("id") DO NOTHING`,
    [USER_ID, actorRef, tenantRef],
  );
  await db.sql.query(`DELETE FROM "user_session" WHERE "userId" = $1`, [USER_ID]);
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    const sid = await startSession({ ctx: serviceContext(db.prisma), input: { userId: USER_ID, userAgent: 'bench' } });
    const token = await encode({ token: { sub: USER_ID, sid, name: 'Bench reader', email: 'reader@bench.invalid' }, secret, maxAge: 3600 });
    cookies.push(`next-auth.session-token=${token}`);
  }
  return cookies;
}

async function waitUntilUp(url: string, server: ChildProcess): Promise<void> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`next start exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within 2 minutes`);
}

/**
 * A client process of its own for one task (scripts/bench/http-client.ts says why); `onReady` runs
 * when a timed task has warmed up, just before its timed requests.
 */
function inClient(task: ClientTask, onReady: () => void = () => {}): Promise<ClientReply> {
  const client = fork(path.join(import.meta.dirname, 'http-client.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    client.on('message', (message: ClientReply) => {
      if (message.kind === 'ready') {
        onReady();
        client.send('go');
      } else if (message.kind === 'failed') reject(new Error(message.message));
      else resolve(message);
    });
    client.on('exit', (code) => reject(new Error(`the HTTP client exited (${code}) before answering`)));
    client.send(task);
  });
}

interface Target {
  pid: number;
  url: (pathname: string) => string;
  /** One session's cookie per caller of a load. */
  cookies: string[];
}

async function timed({ pid, url, cookies }: Target, pathname: string): Promise<HttpTiming> {
  let cpu = 0;
  const result = await inClient({ kind: 'timed', url: url(pathname), cookie: cookies[0]!, runs: RUNS }, () => (cpu = treeCpuMs(pid)));
  if (result.kind !== 'timed') throw new Error('the HTTP client answered the wrong task');
  return {
    p50: percentile(result.samples, 50),
    p95: percentile(result.samples, 95),
    cpu: (treeCpuMs(pid) - cpu) / RUNS,
    bytes: result.bytes,
  };
}

async function load({ pid, url, cookies }: Target, pathname: string): Promise<LoadResult> {
  let rss = treeRssMb(pid);
  const sampler = setInterval(() => (rss = Math.max(rss, treeRssMb(pid))), 200);
  try {
    const result = await inClient({ kind: 'load', url: url(pathname), cookies, seconds: LOAD_SECONDS });
    if (result.kind !== 'load') throw new Error('the HTTP client answered the wrong task');
    return { callers: CONCURRENCY, seconds: LOAD_SECONDS, rps: result.done / result.seconds, rssMb: rss };
  } finally {
    clearInterval(sampler);
  }
}

/** `next start` on `port` against the bench database while `measure` runs, stopped after it. */
async function withServer<T>(
  db: Database,
  options: { databaseUrl: string; tenantRef: string; actorRef: string; port: number },
  measure: (server: Target) => Promise<T>,
): Promise<T> {
  const secret = randomBytes(32).toString('base64url');
  const url = `http://127.0.0.1:${options.port}`;
  const { command, args } = nextStartCommand(root, { port: options.port, host: '127.0.0.1' });
  const server = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      NEXTAUTH_SECRET: secret,
      NEXTAUTH_URL: url,
      JOB_RUNNER: 'off',
      PORT: String(options.port),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const forget = onExit(() => void server.kill('SIGKILL')); // on Ctrl-C or failure
  try {
    await waitUntilUp(url, server);
    const cookies = await signedInCookies(db, options.tenantRef, options.actorRef, secret, CONCURRENCY);
    return await measure({ pid: server.pid!, url: (pathname) => `${url}${pathname}`, cookies });
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
    forget();
  }
}

/** Measures over `next start` on `port` (twice started) against the bench database; null without a build. */
export async function benchPageOverHttp(
  db: Database,
  options: { databaseUrl: string; tenantRef: string; actorRef: string; port: number },
): Promise<PageBenchResult | null> {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!existsSync(buildId)) return null;
  console.log(`next start on port ${options.port}, the build of ${statSync(buildId).mtime.toISOString()}`);
  const PAGE = '/memories';
  const REST = '/agent/memories';
  const first = await withServer(db, options, async (server) => {
    const page = await timed(server, PAGE);
    const rest = await timed(server, REST);
    const pageLoad = await load(server, PAGE);
    const restLoadAfterPage = await load(server, REST);
    return { page, rest, pageLoad, restLoadAfterPage };
  });
  const second = await withServer(db, options, async (server) => ({ restLoad: await load(server, REST) }));
  return { ...first, ...second };
}
