// The /memories page and GET /agent/memories through a real `next start` (README "Benchmarks"):
// the bench's reader signs in (a user and a session row in the bench database, the cookie minted
// with the server's secret), then each is timed over HTTP — p50 / p95, bytes, the server's CPU per
// request — beside PostgreSQL's own execution time of the statements behind it, in the same run;
// then requests per second and the server's highest RSS with 16 callers for a minute: the page on
// a server just started, the read-back on that server after the page's minute (what a server that
// serves both carries), and the read-back alone on another one just started. Needs a build (`.next`).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { encode } from 'next-auth/jwt';
import type { Database } from '../../server/db/open-database';
import { serviceContext } from '../../server/services/context';
import { startSession } from '../../server/services/account/start-session';
import { nextStartCommand } from '../../server/startup/server-command';

const root = path.resolve(import.meta.dirname, '../..');
const RUNS = 150;
const CONCURRENCY = 16;
const LOAD_SECONDS = 60;
const USER_ID = 'usr_bench_reader';
const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

export interface HttpTiming {
  p50: number;
  p95: number;
  /** The server's CPU (its process tree) per request. */
  cpu: number;
  bytes: number;
}

export interface LoadResult {
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

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The pids of `pid` and everything it started. */
function processTree(pid: number): number[] {
  const children = (() => {
    try {
      return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
        readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
      );
    } catch {
      return [];
    }
  })();
  return [pid, ...children.flatMap(processTree)];
}

function treeCpuMs(pid: number): number {
  return processTree(pid).reduce((sum, each) => {
    try {
      const fields = readFileSync(`/proc/${each}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return sum + (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS; // utime, stime
    } catch {
      return sum;
    }
  }, 0);
}

function treeRssMb(pid: number): number {
  return processTree(pid).reduce((sum, each) => {
    try {
      const line = readFileSync(`/proc/${each}/status`, 'utf8').split('\n').find((row) => row.startsWith('VmRSS:'));
      return sum + Number(line?.split(/\s+/)[1] ?? 0) / 1024;
    } catch {
      return sum;
    }
  }, 0);
}

/** The bench reader as a person who can sign in, and a cookie for a fresh session of theirs. */
async function signedInCookie(db: Database, tenantRef: string, actorRef: string, secret: string): Promise<string> {
  await db.sql.query(
    `INSERT INTO "user" ("id","email","name","actorRef","tenantRef","updatedAt") VALUES ($1,'reader@bench.invalid','Bench reader',$2,$3,now())
     ON CONFLICT ("id") DO NOTHING`,
    [USER_ID, actorRef, tenantRef],
  );
  await db.sql.query(`DELETE FROM "user_session" WHERE "userId" = $1`, [USER_ID]);
  const sid = await startSession({ ctx: serviceContext(db.prisma), input: { userId: USER_ID, userAgent: 'bench' } });
  const token = await encode({ token: { sub: USER_ID, sid, name: 'Bench reader', email: 'reader@bench.invalid' }, secret, maxAge: 3600 });
  return `next-auth.session-token=${token}`;
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

async function get(url: string, cookie: string): Promise<number> {
  const response = await fetch(url, { headers: { cookie }, redirect: 'manual' });
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return body.byteLength;
}

async function timed(pid: number, work: () => Promise<number>): Promise<HttpTiming> {
  for (let i = 0; i < 3; i++) await work();
  const samples: number[] = [];
  let bytes = 0;
  const cpu = treeCpuMs(pid);
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    bytes = await work();
    samples.push(performance.now() - start);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), cpu: (treeCpuMs(pid) - cpu) / RUNS, bytes };
}

async function load(pid: number, work: () => Promise<unknown>): Promise<LoadResult> {
  let done = 0;
  let rss = treeRssMb(pid);
  const until = performance.now() + LOAD_SECONDS * 1000;
  const started = performance.now();
  const sampler = setInterval(() => (rss = Math.max(rss, treeRssMb(pid))), 200);
  try {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < until) {
          await work();
          done++;
        }
      }),
    );
  } finally {
    clearInterval(sampler);
  }
  return { rps: done / ((performance.now() - started) / 1000), rssMb: rss };
}

/** `next start` on `port` against the bench database while `measure` runs, stopped after it. */
async function withServer<T>(
  db: Database,
  options: { databaseUrl: string; tenantRef: string; actorRef: string; port: number },
  measure: (server: { pid: number; get: (pathname: string) => Promise<number> }) => Promise<T>,
): Promise<T> {
  const secret = randomBytes(32).toString('base64url');
  const url = `http://127.0.0.1:${options.port}`;
  const { command, args } = nextStartCommand(root, options.port);
  const server = spawn(command, [...args, '--hostname', '127.0.0.1'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: options.databaseUrl, NEXTAUTH_SECRET: secret, NEXTAUTH_URL: url, JOB_RUNNER: 'off', PORT: String(options.port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitUntilUp(url, server);
    const cookie = await signedInCookie(db, options.tenantRef, options.actorRef, secret);
    return await measure({ pid: server.pid!, get: (pathname) => get(`${url}${pathname}`, cookie) });
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
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
  const first = await withServer(db, options, async ({ pid, get }) => {
    const page = await timed(pid, () => get(PAGE));
    const rest = await timed(pid, () => get(REST));
    const pageLoad = await load(pid, () => get(PAGE));
    const restLoadAfterPage = await load(pid, () => get(REST));
    return { page, rest, pageLoad, restLoadAfterPage };
  });
  const second = await withServer(db, options, async ({ pid, get }) => ({ restLoad: await load(pid, () => get(REST)) }));
  return { ...first, ...second };
}
