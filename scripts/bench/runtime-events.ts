// The partitioned diagnostics at size (docs/benchmarks.md "runtime-events"; docs/scaling.md): 400
// days of per-minute rollups for several tenants, 14 daily partitions of raw events (one of them
// `--large-day` events, the others `--events-per-day`), then the /ops 30-day chart through the
// service (readOpsOverview) for one tenant and for all, each beside PostgreSQL's own time for its
// per-bucket statement (EXPLAIN ANALYZE, with the index it used), and the time retention takes to
// drop the large day. Target: the 30-day chart's p95 ≤ 300 ms.
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../../server/db/open-database';
import { opsWindow } from '../../server/domain';
import { serviceContext } from '../../server/services/context';
import { turnBucketsSql } from '../../server/services/ops/ops-overview-sql';
import { readOpsOverview } from '../../server/services/ops/read-ops-overview';
import { percentile } from './measure';

const TARGET_MS = 300;
const ROLLUP_DAYS = 400;
const RAW_DAYS = 14;
const DAY_MS = 86_400_000;

export interface RuntimeEventsOptions {
  tenants: number;
  eventsPerDay: number;
  largeDay: number;
  runs: number;
}

const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(0);

/** The plan's execution time and the indexes it scanned, from EXPLAIN (ANALYZE, FORMAT JSON). */
interface PlanNode {
  'Index Name'?: string;
  Plans?: PlanNode[];
}
function indexesOf(node: PlanNode): string[] {
  return [...(node['Index Name'] ? [node['Index Name']] : []), ...(node.Plans ?? []).flatMap(indexesOf)];
}

export async function runRuntimeEventsBench(url: string, options: RuntimeEventsOptions): Promise<boolean> {
  const db = await openDatabase({ kind: 'postgres', url }); // migrates
  try {
    const refs = Array.from({ length: options.tenants }, (_, index) => `bench-ops-${index + 1}`);
    const now = new Date();
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const run = (sql: string, values: unknown[] = []) => db.pool.query<Record<string, unknown>>(sql, values);

    let t0 = performance.now();
    for (const ref of refs) await run(`INSERT INTO "tenant" ("ref", "name", "updatedAt") VALUES ($1, $1, now())`, [ref]);
    // Every minute of 400 days for each tenant: a turn rollup, and writes at two scope kinds.
    const rollupFrom = new Date(today - ROLLUP_DAYS * DAY_MS).toISOString();
    for (const ref of refs) {
      await run(
        `INSERT INTO "metric_rollup" ("tenantRef", "minute", "turns", "offered", "omitted", "pinnedOmitted", "turnsPinnedOmitted",
           "recalled", "turnsRecalled", "promptChars", "promptCharsMax", "promptCharsBuckets")
         SELECT $1, m, 40 + (i % 7), 400, 30, i % 3, i % 2, 50, 20, 40 * 1500, 9000 + (i % 100), ARRAY[2, 8, 12, 9, 5, 3, 1, 0, 0, 0]
         FROM generate_series($2::timestamp, (now() AT TIME ZONE 'UTC'), interval '1 minute') WITH ORDINALITY AS g(m, i)`,
        [ref, rollupFrom],
      );
      await run(
        `INSERT INTO "metric_rollup_write" ("tenantRef", "minute", "scopeKind", "writes", "chars")
         SELECT $1, m, k, 3, 300 FROM generate_series($2::timestamp, (now() AT TIME ZONE 'UTC'), interval '1 minute') AS m, unnest(ARRAY['actor', 'tenant']) AS k`,
        [ref, rollupFrom],
      );
    }
    const rollups = Number((await run(`SELECT count(*) AS n FROM "metric_rollup"`))[0]!.n);
    console.log(
      `rollups: ${rollups.toLocaleString('en-US')} turn rows (${ROLLUP_DAYS} days × 1,440 minutes × ${refs.length} tenants) and twice as many write rows, in ${seconds(t0)} s`,
    );

    // 14 days of raw events in their daily partitions; the oldest day is the large one.
    t0 = performance.now();
    const firstDay = new Date(today - (RAW_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
    await run(`SELECT "runtime_event_ensure_partitions"($1::date, CURRENT_DATE + 7)`, [firstDay]);
    for (let day = 0; day < RAW_DAYS; day++) {
      const count = day === 0 ? options.largeDay : options.eventsPerDay;
      const start = new Date(today - (RAW_DAYS - 1 - day) * DAY_MS).toISOString();
      await run(
        `INSERT INTO "runtime_event" ("id", "type", "at", "tenantRef", "scopes", "offered", "omitted", "pinnedOmitted", "recalled", "promptChars")
         SELECT 'evt_b' || $3::int || '_' || i, 'memory_resolved', $1::timestamp + (i * (86400000.0 / $2::int)) * interval '1 millisecond',
           ($4::text[])[1 + (i % $5::int)], ARRAY['actor:u' || (i % 1000), 'global'], 10, 2, 0, 1, 1500
         FROM generate_series(0, $2::int - 1) AS i`,
        [start, count, day, refs, refs.length],
      );
    }
    await run(`ANALYZE`);
    const raw = options.largeDay + (RAW_DAYS - 1) * options.eventsPerDay;
    const size = (
      await run(
        `SELECT pg_size_pretty(sum(pg_total_relation_size(inhrelid))) AS s FROM pg_inherits WHERE inhparent = 'runtime_event'::regclass`,
      )
    )[0]!.s as string;
    console.log(
      `raw events: ${raw.toLocaleString('en-US')} in ${RAW_DAYS} daily partitions (the oldest ${options.largeDay.toLocaleString('en-US')}, the others ${options.eventsPerDay.toLocaleString('en-US')} each; ${size} with indexes), in ${seconds(t0)} s`,
    );

    // The 30-day chart, as /ops asks for it, by a global administrator.
    const ctx = serviceContext(db.prisma, { sql: db.pool });
    const viewer = { grants: [{ scope: 'global', role: 'admin' as const }] };
    let ok = true;
    for (const [label, tenantRef] of [
      ['one tenant', refs[0]],
      [`all ${refs.length} tenants`, undefined],
    ] as const) {
      const input = { viewer, tenantRef, range: '30d' as const };
      const first = await readOpsOverview({ ctx, input }); // warm-up: plans and caches
      const samples: number[] = [];
      for (let i = 0; i < options.runs; i++) {
        const start = performance.now();
        await readOpsOverview({ ctx, input });
        samples.push(performance.now() - start);
      }
      const verdict = opsWindow({ range: '30d', nowMs: Date.now() });
      if (!verdict.ok) throw new Error(verdict.message);
      const statement = turnBucketsSql(tenantRef ? [tenantRef] : refs, verdict.window);
      const explained = await run(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`, statement.values);
      const plan = (explained[0]!['QUERY PLAN'] as unknown[])[0] as { 'Execution Time': number; Plan: PlanNode };
      const p95 = percentile(samples, 95);
      const met = p95 <= TARGET_MS;
      ok &&= met;
      console.log(
        `/ops 30-day chart, ${label}: ${first.buckets.length} buckets over ${first.summary.turns.toLocaleString('en-US')} turns; ` +
          `p50 ${Math.round(percentile(samples, 50))} ms, p95 ${Math.round(p95)} ms (${options.runs} runs); ` +
          `its per-bucket statement alone ${Math.round(plan['Execution Time'])} ms (EXPLAIN ANALYZE, index ${indexesOf(plan.Plan).join(', ') || 'none'}) | ` +
          `${met ? 'ok' : 'MISSED'} (target p95 ≤ ${TARGET_MS} ms)`,
      );
    }

    // Retention drops the oldest (large) day, then the next (ordinary) one: one partition each, whatever its size.
    for (const [day, events] of [
      [1, options.largeDay],
      [2, options.eventsPerDay],
    ] as const) {
      t0 = performance.now();
      const dropped = (
        await run(`SELECT "runtime_event_drop_partitions_before"($1::timestamp + $2::int * interval '1 day') AS n`, [firstDay, day])
      )[0]!.n as number;
      console.log(
        `dropping day ${day} of ${RAW_DAYS} (${events.toLocaleString('en-US')} events): ${dropped} partition in ${Math.round(performance.now() - t0)} ms`,
      );
    }
    return ok;
  } finally {
    await db.close();
  }
}
