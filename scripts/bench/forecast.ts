// How long the pin budget forecast takes on a large tenant (docs/benchmarks.md "forecast"; target:
// at most 2 s for 100,000 people). Assumes the tenant's people already exist (see
// scripts/bench/generate-tenant.ts). Forecasts one new pin at tenant:<ref> several times as a
// global administrator and reports p50/p95 beside PostgreSQL's own EXPLAIN ANALYZE time for the
// grouping query. Run: `npx tsx scripts/bench/forecast.ts <postgresql://…> <tenantRef> [runs]`.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { tenantScope } from '../../server/domain';
import { Prisma } from '../../server/db/generated/client';
import { openDatabase } from '../../server/db/open-database';
import { serviceContext } from '../../server/services/context';
import { forecastPin } from '../../server/services/facts/forecast-pin';
import { scopeGroupsSql } from '../../server/services/facts/load-scope-groups-sql';
import { percentile } from './measure';

export interface ForecastBenchResult {
  people: number;
  groups: number;
  runs: number;
  p50Ms: number;
  p95Ms: number;
  /** PostgreSQL's "Execution Time" for the grouping query alone. */
  groupingSqlMs: number;
}

export async function benchForecast({
  databaseUrl,
  tenantRef,
  runs = 10,
}: {
  databaseUrl: string;
  tenantRef: string;
  runs?: number;
}): Promise<ForecastBenchResult> {
  const db = await openDatabase({ kind: 'postgres', url: databaseUrl }, { migrate: false });
  try {
    const ctx = serviceContext(db.prisma);
    const viewer = { grants: [{ scope: 'global', role: 'admin' as const }] };
    const input = { viewer, scope: tenantScope(tenantRef), key: 'bench-forecast-pin' };
    const first = await forecastPin({ ctx, input }); // warm-up: plans and caches
    const samples: number[] = [];
    for (let run = 0; run < runs; run++) {
      const start = performance.now();
      await forecastPin({ ctx, input });
      samples.push(performance.now() - start);
    }
    const grouping = scopeGroupsSql({ scope: tenantScope(tenantRef), tenants: null });
    const plan = await db.prisma.$queryRaw<{ 'QUERY PLAN': [{ 'Execution Time': number }] }[]>(
      Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${grouping}`,
    );
    const groups = await db.prisma.$queryRaw<{ n: number }[]>(Prisma.sql`SELECT count(*)::int AS n FROM (${grouping}) g`);
    return {
      people: first.people,
      groups: groups[0]?.n ?? 0,
      runs,
      p50Ms: Math.round(percentile(samples, 50)),
      p95Ms: Math.round(percentile(samples, 95)),
      groupingSqlMs: Math.round(plan[0]!['QUERY PLAN'][0]['Execution Time']),
    };
  } finally {
    await db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [databaseUrl, tenantRef, runs] = process.argv.slice(2);
  if (!databaseUrl || !tenantRef) {
    console.error('Usage: npx tsx scripts/bench/forecast.ts <postgresql://…> <tenantRef> [runs]');
    process.exit(2);
  }
  const result = await benchForecast({ databaseUrl, tenantRef, runs: runs ? Number(runs) : undefined });
  console.log(
    `${result.people} people in ${result.groups} scope sets: forecast p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms ` +
      `(${result.runs} runs); grouping query alone ${result.groupingSqlMs} ms (EXPLAIN ANALYZE).`,
  );
}
