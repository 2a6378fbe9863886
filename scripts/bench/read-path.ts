// The read path at organisation scale (docs/benchmarks.md "read-path"): on the generated tenant
// plus, for one person, 2,000 facts published by their organisation, 500 global ones and 50 of
// their own, the services behind My memories and GET /agent/memories — latency, bytes, requests per
// second at 16 concurrent callers, server CPU per request and the process's RSS — each beside
// PostgreSQL's own execution time of the statement (EXPLAIN ANALYZE), in the same run. Then the
// same on an embedded database (PGlite) holding 100,000 rows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Prisma } from '../../server/db/generated/client';
import { openDatabase, readRunnerOf, type Database } from '../../server/db/open-database';
import { jsonPiecesResponse } from '../../server/http/json-response';
import { serviceContext, type ServiceContext } from '../../server/services/context';
import { listAgentMemoryJson } from '../../server/services/memories/list-agent-memory-json';
import { agentMemoryJsonSql } from '../../server/services/memories/list-agent-memory-json-sql';
import { listConversations } from '../../server/services/memories/list-conversations';
import { conversationsSql } from '../../server/services/memories/list-conversations-sql';
import { listVisibleMemories, type ListVisibleMemoriesInput } from '../../server/services/memories/list-visible-memories';
import { visibleMemoriesSql } from '../../server/services/memories/list-visible-memories-sql';
import { previewTurn } from '../../server/services/memories/preview-turn';
import { previewTurnSql } from '../../server/services/memories/preview-turn-sql';
import { BENCH_TENANT, generateTenant } from './generate-tenant';
import { makeShareInactive } from './inactive';
import { percentile } from './measure';
import { benchPageOverHttp, type HttpTiming, type LoadResult } from './page-http';

const RUNS = 40;
const CONCURRENCY = 16;
const LOAD_SECONDS = 10;
const READER = 'reader';
const SMALL = 'reader-small';
type Viewer = ListVisibleMemoriesInput['viewer'] & { tenant: { ref: string; name: string; maxMemories: number; maxFactChars: number } };

function viewerOf(actorRef: string, scopes: string[]): Viewer {
  return { actorRef, scopes, grants: [], tenant: { ref: BENCH_TENANT, name: 'Benchmark tenant', maxMemories: 20, maxFactChars: 240 } };
}
const READER_VIEWER = viewerOf(READER, [`actor:${READER}`, `tenant:${BENCH_TENANT}`, 'global']);
// 54 visible: their own only, in an organisation that publishes nothing and without the global facts.
const SMALL_VIEWER = viewerOf(SMALL, [`actor:${SMALL}`, 'tenant:bench-small']);

/** The reader's world on top of the generated tenant, made again each time (idempotent). */
export async function addReader(db: Database, tenantRef: string): Promise<void> {
  await db.sql.query(`DELETE FROM "agent_memory" WHERE "id" LIKE 'mem_read_%'`);
  const at = "TIMESTAMP '2026-11-01'";
  await db.sql.query(`INSERT INTO "agent_memory" ("id","key","text","scope","tenantRef","author","pinned","updatedAt")
    SELECT 'mem_read_t' || g, 'org-' || lpad(g::text, 4, '0'), 'Published rule ' || g || ' about ' || (ARRAY['parking','lunch','travel','badges'])[1 + g % 4],
      'tenant:${tenantRef}', '${tenantRef}', 'human', g % 400 = 0, ${at} + g * INTERVAL '1 minute' FROM generate_series(1, 2000) g`);
  await db.sql.query(`INSERT INTO "agent_memory" ("id","key","text","scope","tenantRef","author","updatedAt")
    SELECT 'mem_read_g' || g, 'glob-' || lpad(g::text, 3, '0'), 'Rule for everyone ' || g, 'global', NULL, 'human', ${at} FROM generate_series(1, 500) g`);
  for (const [actor, count] of [
    [READER, 50],
    [SMALL, 54],
  ] as const) {
    await db.sql.query(`INSERT INTO "agent_memory" ("id","key","text","scope","tenantRef","author","actorRef","threadId","updatedAt")
      SELECT 'mem_read_${actor}_' || g, CASE WHEN g % 5 = 0 THEN 'org-' || lpad((g * 7)::text, 4, '0') ELSE 'own-' || g END,
        'My note ' || g, 'actor:${actor}', '${tenantRef}', 'agent', '${actor}', CASE WHEN g % 10 = 0 THEN 'thr_read' END, ${at}
      FROM generate_series(1, ${count}) g`);
  }
  // VACUUM too: the records deleted above stay behind as dead versions in the very range the reader
  // reads until something vacuums them, and this machine's PostgreSQL runs without autovacuum; the
  // indexes' entries included (vacuumBenchTables in http-bench.ts says why).
  await db.sql.query('VACUUM (ANALYZE, INDEX_CLEANUP ON) "agent_memory"');
}

async function timed(work: () => Promise<unknown>): Promise<{ p50: number; p95: number; cpu: number }> {
  for (let i = 0; i < 3; i++) await work();
  const samples: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  const used = process.cpuUsage(cpu);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), cpu: (used.user + used.system) / 1000 / RUNS };
}

/** PostgreSQL's own execution time of `queries`, summed per run (the statements one request runs). */
async function explained(ctx: ServiceContext, ...queries: Prisma.Sql[]): Promise<{ p50: number; p95: number }> {
  const samples: number[] = [];
  for (let i = 0; i < 10; i++) {
    let total = 0;
    for (const query of queries) {
      const [row] = await ctx.db.$queryRaw<{ 'QUERY PLAN': [{ 'Execution Time': number }] | string }[]>(
        Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`,
      );
      const plan = row!['QUERY PLAN'];
      total += (typeof plan === 'string' ? (JSON.parse(plan) as [{ 'Execution Time': number }]) : plan)[0]['Execution Time'];
    }
    samples.push(total);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** Requests per second with `CONCURRENCY` callers for LOAD_SECONDS, and the highest RSS seen. */
async function load(work: () => Promise<unknown>): Promise<{ rps: number; rssMb: number }> {
  let done = 0;
  let rss = process.memoryUsage().rss;
  const until = performance.now() + LOAD_SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        await work();
        done++;
        rss = Math.max(rss, process.memoryUsage().rss);
      }
    }),
  );
  return { rps: done / ((performance.now() - started) / 1000), rssMb: rss / 2 ** 20 };
}

const kB = (value: unknown) => (Buffer.byteLength(JSON.stringify(value)) / 1024).toFixed(1);
const ms = (value: number) => value.toFixed(1).padStart(6);

function line(label: string, t: { p50: number; p95: number; cpu: number }, size: string, sql?: { p50: number; p95: number }) {
  const sqlPart = sql ? ` | SQL p50 ${ms(sql.p50)} p95 ${ms(sql.p95)} ms` : '';
  console.log(`${label.padEnd(34)} p50 ${ms(t.p50)} p95 ${ms(t.p95)} ms | CPU ${ms(t.cpu)} ms/req | ${size.padStart(7)} kB${sqlPart}`);
}

function httpLine(label: string, t: HttpTiming, sql: { p50: number; p95: number }) {
  line(label, t, (t.bytes / 1024).toFixed(1), sql);
  console.log(`${''.padEnd(34)} ${(t.p50 / sql.p50).toFixed(2)}× its SQL (p50)`);
}

export async function measureReadPath(
  db: Database,
  label: string,
  withLoad: boolean,
  http?: { url: string; port: number },
): Promise<boolean> {
  const ctx = serviceContext(db.prisma, { sql: readRunnerOf(db) });
  const first = (viewer: Viewer) => listVisibleMemories({ ctx, input: { viewer, page: { limit: 50 } } });
  // The whole answer as the REST handler streams it, read to its end.
  const rest = async () => (await jsonPiecesResponse(listAgentMemoryJson({ ctx, input: { viewer: READER_VIEWER } }))).text();
  const preview = () => previewTurn({ ctx, input: { viewer: READER_VIEWER } });
  const pageData = () => Promise.all([first(READER_VIEWER), preview(), listConversations({ ctx, input: { viewer: READER_VIEWER } })]);
  const page = await first(READER_VIEWER);
  console.log(`-- ${label}: the reader sees ${page.totals.all} memories (${page.totals.yours} their own)`);
  const big = await timed(() => first(READER_VIEWER));
  const small = await timed(() => first(SMALL_VIEWER));
  line(
    'memories.list first page',
    big,
    kB(page),
    await explained(ctx, visibleMemoriesSql({ viewer: READER_VIEWER, page: { limit: 50 } }, new Date())),
  );
  line(`memories.list first page (${(await first(SMALL_VIEWER)).totals.all} visible)`, small, kB(await first(SMALL_VIEWER)));
  line(
    'memories.list search "parking"',
    await timed(() => listVisibleMemories({ ctx, input: { viewer: READER_VIEWER, filter: { query: 'parking' }, page: { limit: 50 } } })),
    '-',
  );
  line('/memories page data (list+preview+conv.)', await timed(pageData), kB(await pageData()));
  line(
    'GET /agent/memories (all)',
    await timed(rest),
    ((await rest()).length / 1024).toFixed(1),
    await explained(ctx, agentMemoryJsonSql({ viewer: READER_VIEWER }, new Date())),
  );
  line('memories.preview', await timed(preview), kB(await preview()));
  console.log(`first page at ${page.totals.all} visible ÷ at 54 visible: ${(big.p50 / small.p50).toFixed(2)}× (p50)`);
  if (!withLoad) return true;
  const listLoad = await load(() => first(READER_VIEWER));
  console.log(`memories.list c=${CONCURRENCY}: ${listLoad.rps.toFixed(0)} req/s, RSS up to ${listLoad.rssMb.toFixed(0)} MB`);
  const restLoad = await load(rest);
  console.log(`GET /agent/memories c=${CONCURRENCY}: ${restLoad.rps.toFixed(0)} req/s, RSS up to ${restLoad.rssMb.toFixed(0)} MB`);
  if (!http) return big.p95 <= 25;
  const served = await benchPageOverHttp(db, { databaseUrl: http.url, tenantRef: BENCH_TENANT, actorRef: READER, port: http.port });
  if (!served) {
    console.log('/memories through next start: skipped, there is no build (run `npx next build` first)');
    return big.p95 <= 25;
  }
  const pageSql = await explained(
    ctx,
    visibleMemoriesSql({ viewer: READER_VIEWER, page: { limit: 50 } }, new Date()),
    previewTurnSql(READER_VIEWER, new Date()),
    conversationsSql(READER_VIEWER, new Date()),
  );
  httpLine('HTTP /memories page (next start)', served.page, pageSql);
  httpLine('HTTP GET /agent/memories', served.rest, await explained(ctx, agentMemoryJsonSql({ viewer: READER_VIEWER }, new Date())));
  const loadLine = (what: string, { callers, seconds, rps, rssMb }: LoadResult) =>
    console.log(`HTTP ${what} c=${callers}, ${seconds} s: ${rps.toFixed(1)} req/s, server RSS up to ${rssMb.toFixed(0)} MB`);
  loadLine('/memories (a server just started)', served.pageLoad);
  loadLine('GET /agent/memories (a server just started)', served.restLoad);
  loadLine("GET /agent/memories (the same server, after the page's minute)", served.restLoadAfterPage);
  return big.p95 <= 25;
}

/** PostgreSQL on the generated tenant (generated unless `reuse`), then PGlite at 100,000 rows. */
export async function runReadPathBench(url: string, options: { reuse?: boolean; port?: number; inactive?: number } = {}): Promise<boolean> {
  if (!options.reuse) await generateTenant({ url });
  const pg = await openDatabase({ kind: 'postgres', url });
  let ok: boolean;
  try {
    await addReader(pg, BENCH_TENANT);
    if (options.inactive) {
      const made = await makeShareInactive(pg.prisma, BENCH_TENANT, options.inactive, new Date());
      console.log(
        `--inactive=${options.inactive}: ${made.muted.toLocaleString('en-US')} muted and ${made.expired.toLocaleString('en-US')} past their expiry`,
      );
    }
    ok = await measureReadPath(pg, 'PostgreSQL', true, { url, port: options.port ?? 3999 });
  } finally {
    await pg.close();
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mc-bench-pglite-'));
  try {
    const lite = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await lite.sql.query(
        `INSERT INTO "tenant" ("ref","name","updatedAt") VALUES ('${BENCH_TENANT}','Benchmark tenant',now()) ON CONFLICT DO NOTHING`,
      );
      await lite.sql.query(`INSERT INTO "agent_memory" ("id","key","text","scope","tenantRef","author","actorRef","updatedAt")
        SELECT 'mem_lite_' || g, 'key-' || (g % 400), 'Prefers option ' || (g % 7), 'actor:p' || (g / 10), '${BENCH_TENANT}', 'agent', 'p' || (g / 10), now()
        FROM generate_series(1, 100000 - 2604) g`);
      await addReader(lite, BENCH_TENANT);
      console.log(`-- PGlite: ${(await lite.prisma.agentMemory.count()).toLocaleString('en-GB')} rows`);
      await measureReadPath(lite, 'PGlite', false);
    } finally {
      await lite.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return ok;
}
