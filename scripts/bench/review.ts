// The review queue on a large tenant (docs/benchmarks.md "review"): the first page, a search and a
// group's detail (its first page of conclusions and, when there is one, the second), each through
// its service, beside the execution time PostgreSQL reports (EXPLAIN ANALYZE) for the SQL that
// service runs, in the same run. Targets: the page's p95 ≤ 100 ms, and each endpoint's p50 ≤ 1.5 ×
// its SQL's.
import { Prisma } from '../../server/db/generated/client';
import { openDatabase, readRunnerOf } from '../../server/db/open-database';
import { serviceContext, type ServiceContext } from '../../server/services/context';
import { getReviewGroup, type ReviewInstanceCursor } from '../../server/services/review/get-review-group';
import { reviewGroupDetailSql } from '../../server/services/review/get-review-group-sql';
import { LIST_TEXTS_PER_GROUP, listReviewGroups, REVIEW_PAGE_SIZE } from '../../server/services/review/list-review-groups';
import type { ReviewGroupQuery } from '../../server/services/review/query-review-groups';
import { reviewGroupsSql } from '../../server/services/review/query-review-groups-sql';
import { clusteringWorstCaseMs } from './clustering';
import { BENCH_TENANT, generateTenant } from './generate-tenant';
import { percentile } from './measure';

const RUNS = 30;
const viewer = { grants: [{ scope: `tenant:${BENCH_TENANT}`, role: 'admin' as const }] };

export async function sample(work: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 3; i++) await work(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return samples;
}

/** PostgreSQL's own execution time of `queries`, summed, per run. */
export function explained(ctx: ServiceContext, queries: Prisma.Sql[]) {
  return async () => {
    let total = 0;
    for (const query of queries) {
      const [row] = await ctx.db.$queryRaw<{ 'QUERY PLAN': [{ 'Execution Time': number }] }[]>(
        Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`,
      );
      total += row!['QUERY PLAN'][0]['Execution Time'];
    }
    return total;
  };
}

export async function sqlSamples(run: () => Promise<number>): Promise<number[]> {
  for (let i = 0; i < 3; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) samples.push(await run());
  return samples;
}

/**
 * The endpoint's time and its SQL's, one run of each in turn, so that both see the same moments of
 * a shared machine's load (timed one series after the other, the two moved apart by up to 3 ×).
 */
export async function pairedSamples(work: () => Promise<unknown>, run: () => Promise<number>): Promise<[number[], number[]]> {
  for (let i = 0; i < 3; i++) {
    await work(); // warm-up
    await run();
  }
  const [endpoint, sql]: [number[], number[]] = [[], []];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await work();
    endpoint.push(performance.now() - start);
    sql.push(await run());
  }
  return [endpoint, sql];
}

function report(label: string, [endpoint, sql]: [number[], number[]], p95Target?: number): boolean {
  const [p50, p95, s50, s95] = [percentile(endpoint, 50), percentile(endpoint, 95), percentile(sql, 50), percentile(sql, 95)];
  const ratio = p50 / s50;
  const ok = ratio <= 1.5 && (p95Target === undefined || p95 <= p95Target);
  console.log(
    `${label.padEnd(26)} endpoint p50 ${p50.toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms | SQL p50 ${s50.toFixed(1).padStart(7)} ms  p95 ${s95.toFixed(1).padStart(7)} ms | ${ratio.toFixed(2)}x ${ok ? 'ok' : 'MISSED'}`,
  );
  return ok;
}

/** Generates the tenant on `url`, measures, prints; false when a target was missed. */
export async function runReviewBench(url: string, options: { people?: number; reuse?: boolean } = {}): Promise<boolean> {
  console.log(
    `clustering a page's wordings in process, worst case (${REVIEW_PAGE_SIZE} groups × ${LIST_TEXTS_PER_GROUP} similar wordings, none mergeable): ${clusteringWorstCaseMs().toFixed(1)} ms median`,
  );
  if (!options.reuse) await generateTenant({ url, people: options.people });
  const db = await openDatabase({ kind: 'postgres', url });
  try {
    const ctx = serviceContext(db.prisma, { sql: readRunnerOf(db) });
    const page = (q?: string) => listReviewGroups({ ctx, input: { viewer, filter: q ? { q } : {} } });
    const first = await page();
    const top = first.groups[0]!;
    const detail = (label: string, after?: ReviewInstanceCursor) =>
      pairedSamples(
        () => getReviewGroup({ ctx, input: { viewer, key: top.key, after } }),
        explained(ctx, [reviewGroupDetailSql(BENCH_TENANT, top.key, after, new Date())]),
      ).then((samples) => report(label, samples));
    const { next } = await getReviewGroup({ ctx, input: { viewer, key: top.key } });
    const query = (q?: string): ReviewGroupQuery => ({
      tenants: [BENCH_TENANT],
      search: q,
      dismissed: false,
      sort: 'people',
      limit: 26,
      texts: LIST_TEXTS_PER_GROUP,
    });
    const results = [
      report('review page (first page)', await pairedSamples(() => page(), explained(ctx, [reviewGroupsSql(query(), new Date())])), 100),
      report(
        'search "meeting short"',
        await pairedSamples(() => page('meeting short'), explained(ctx, [reviewGroupsSql(query('meeting short'), new Date())])),
      ),
      await detail(`detail "${top.key}"`),
      ...(next ? [await detail(`detail "${top.key}" page 2`, next)] : []),
    ];
    return results.every(Boolean);
  } finally {
    await db.close();
  }
}
