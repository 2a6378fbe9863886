// Ingest throughput (docs/benchmarks.md "ingest"): 4 clients post batches of 1,000
// `memory.resolved` events to POST /api/runtime/events of a running console on PostgreSQL, beside
// a plain multi-row INSERT of the same rows through `pg` on the same database in the same run.
// Target: at least 20,000 events/s and at least half the plain insert's rate.
//
//   npx tsx scripts/bench/ingest.ts --url http://localhost:3000 --database postgresql://…/memory_console
//   [--clients 4] [--batch-size 1000] [--server-pid <the console's process id>]   (the target is judged at the defaults; other shapes are for
//                                        docs/runtime-api.md "How a batch is stored quickly": what a runtime should send)
//
// It works in a tenant of its own (`bench`), creates its token directly in the database and
// removes its events, rollups and token when it ends. `ingestSection` is what a bench report calls.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { hashTokenSecret } from '../../server/auth/api-token-secret';
import { SLOTS_PER_CALLER } from '../../server/http/request-slots';
import { plainInsertStatement, resolvedBatch, type ResolvedEvent } from './resolved-events';

export interface IngestBenchOptions {
  url: string;
  databaseUrl: string;
  clients?: number;
  batchSize?: number;
  batchesPerClient?: number;
  /** The console's process (Linux): its CPU time per batch is printed too, steadier than events/s on a shared machine. */
  serverPid?: number;
}

export interface IngestBenchResult {
  events: number;
  clients: number;
  batchSize: number;
  endpointPerSecond: number;
  plainInsertPerSecond: number;
  ratio: number;
  /** The console process's CPU time (user + system) per batch while posting, when its pid was given. */
  serverCpuMsPerBatch?: number;
}

/** User + system CPU time of a process so far, in ms (Linux /proc; clock ticks of 10 ms). */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

// Not the generated tenant's ref (generate-tenant.ts): this bench removes its tenant when it ends.
const TENANT = 'bench-ingest';

async function cleanUp(db: pg.Client): Promise<void> {
  for (const table of ['runtime_event', 'metric_rollup', 'metric_rollup_write', 'alert', 'api_token']) {
    await db.query(`DELETE FROM "${table}" WHERE "tenantRef" = $1`, [TENANT]);
  }
}

/** A plain multi-row INSERT of the same rows, 1,000 per statement, from as many connections as clients. */
async function plainInsert(databaseUrl: string, batches: ResolvedEvent[][], clients: number): Promise<number> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: clients });
  const statements = batches.map((rows, index) => plainInsertStatement(rows, TENANT, `bench_plain_${index}`));
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < statements.length) {
        const [sql, values] = statements[next++]!;
        await pool.query(sql, values);
      }
    }),
  );
  const elapsed = performance.now() - start;
  await pool.end();
  return ((batches.length * batches[0]!.length) / elapsed) * 1000;
}

export async function runIngestBench(options: IngestBenchOptions): Promise<IngestBenchResult> {
  const { clients = 4, batchSize = 1_000, batchesPerClient = 10 } = options;
  const db = new pg.Client({ connectionString: options.databaseUrl });
  await db.connect();
  try {
    await cleanUp(db);
    await db.query(`INSERT INTO "tenant" ("ref", "name", "updatedAt") VALUES ($1, 'Benchmark', now()) ON CONFLICT DO NOTHING`, [TENANT]);
    const secret = `mct_${randomBytes(32).toString('base64url')}`;
    await db.query(
      `INSERT INTO "api_token" ("id", "name", "tokenHash", "prefix", "tenantRef", "permissions") VALUES ('tok_bench', 'bench', $1, 'mct_bench', $2, ARRAY['events:write'])`,
      [hashTokenSecret(secret), TENANT],
    );
    const bodies = Array.from({ length: clients * batchesPerClient }, (_, index) =>
      JSON.stringify(resolvedBatch(TENANT, batchSize, index * 1000)),
    );
    const post = (body: string) =>
      fetch(`${options.url}/api/runtime/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body,
      });
    // Warm-up: compiles the route and opens one pool connection per client (one request opened one).
    for (const warm of await Promise.all(bodies.slice(0, clients).map(post))) {
      if (warm.status !== 202) throw new Error(`the console answered ${warm.status}: ${await warm.text()}`);
    }
    const cpuBefore = options.serverPid ? processCpuMs(options.serverPid) : 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        for (let i = 0; i < batchesPerClient; i += 1) {
          const response = await post(bodies[client * batchesPerClient + i]!);
          if (response.status !== 202) throw new Error(`the console answered ${response.status}: ${await response.text()}`);
        }
      }),
    );
    const events = clients * batchesPerClient * batchSize;
    const endpointPerSecond = (events / (performance.now() - start)) * 1000;
    const serverCpu = options.serverPid
      ? { serverCpuMsPerBatch: (processCpuMs(options.serverPid) - cpuBefore) / (clients * batchesPerClient) }
      : {};
    const plainInsertPerSecond = await plainInsert(
      options.databaseUrl,
      bodies.map((body) => JSON.parse(body) as ResolvedEvent[]),
      clients,
    );
    return {
      events,
      clients,
      batchSize,
      endpointPerSecond,
      plainInsertPerSecond,
      ratio: endpointPerSecond / plainInsertPerSecond,
      ...serverCpu,
    };
  } finally {
    await cleanUp(db);
    await db.query(`DELETE FROM "tenant" WHERE "ref" = $1`, [TENANT]);
    await db.end();
  }
}

/**
 * `--clients` and `--batch-size` as options (defaults when absent): the clients share one token,
 * which runs at most 32 requests at once (server/http/request-slots.ts); a batch holds at most
 * 5,000 events.
 */
export function shapeOptions(
  clients: string | undefined,
  batchSize: string | undefined,
): Pick<IngestBenchOptions, 'clients' | 'batchSize'> {
  const positive = (value: string | undefined, max: number, name: string) => {
    if (value === undefined) return undefined;
    const number = Number(value);
    if (!Number.isInteger(number) || number < 1 || number > max) throw new Error(`--${name} must be a whole number from 1 to ${max}.`);
    return number;
  };
  const options: Pick<IngestBenchOptions, 'clients' | 'batchSize'> = {};
  const c = positive(clients, SLOTS_PER_CALLER.token, 'clients');
  const b = positive(batchSize, 5_000, 'batch-size');
  if (c !== undefined) options.clients = c;
  if (b !== undefined) options.batchSize = b;
  return options;
}

/** `--server-pid` as an option. */
export function serverPidOption(pid: string | undefined): Pick<IngestBenchOptions, 'serverPid'> {
  if (pid === undefined) return {};
  if (!/^\d+$/.test(pid)) throw new Error('--server-pid must be a process id.');
  return { serverPid: Number(pid) };
}

/** The bench as a report section (Markdown). */
export async function ingestSection(options: IngestBenchOptions): Promise<string> {
  const result = await runIngestBench(options);
  const judged = result.clients === 4 && result.batchSize === 1_000;
  const verdict = !judged ? 'is not judged against' : result.endpointPerSecond >= 20_000 && result.ratio >= 0.5 ? 'meets' : 'misses';
  return [
    '## Ingest throughput',
    '',
    `${result.events.toLocaleString('en-US')} memory.resolved events in batches of ${result.batchSize.toLocaleString('en-US')} from ${result.clients} concurrent clients (the plain insert: ${result.clients} connections, one statement per batch).`,
    '',
    '| path | events/s |',
    '| --- | --- |',
    `| POST /api/runtime/events | ${Math.round(result.endpointPerSecond).toLocaleString('en-US')} |`,
    `| plain multi-row INSERT (pg) | ${Math.round(result.plainInsertPerSecond).toLocaleString('en-US')} |`,
    '',
    ...(result.serverCpuMsPerBatch === undefined
      ? []
      : [`The console's CPU time per batch: ${result.serverCpuMsPerBatch.toFixed(1)} ms.`, '']),
    `Ratio ${result.ratio.toFixed(2)}; this ${verdict} the target (≥ 20,000 events/s and ≥ 0.5× the plain insert, at 4 clients and batches of 1,000).`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      database: { type: 'string' },
      clients: { type: 'string' },
      'batch-size': { type: 'string' },
      'server-pid': { type: 'string' },
    },
  });
  if (!values.url || !values.database) {
    console.error('usage: npx tsx scripts/bench/ingest.ts --url http://localhost:3000 --database postgresql://…');
    process.exit(2);
  }
  console.log(
    await ingestSection({
      url: values.url,
      databaseUrl: values.database,
      ...shapeOptions(values.clients, values['batch-size']),
      ...serverPidOption(values['server-pid']),
    }),
  );
}
