// The runtime's memory API on PostgreSQL (docs/benchmarks.md "runtime-api"): a person's scopes
// resolved (p95 ≤ 10 ms), list for a person with 2,000 applicable records, by scopes and by actorRef
// (p95 ≤ 20 ms), and search over the generated tenant's million records (p95 ≤ 50 ms), each through
// its service beside the execution time PostgreSQL reports (EXPLAIN ANALYZE) for the SQL it runs,
// in the same run. The services get the raw-SQL runner a request gets (the driver's pool,
// `readRunnerOf`), so their statements take the path they take in the console.
import { createHash } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import { Prisma, PrismaClient } from '../../server/db/generated/client';
import { openDatabase, readRunnerOf } from '../../server/db/open-database';
import { serviceContext, type ServiceContext } from '../../server/services/context';
import { listRuntimeMemories } from '../../server/services/runtime/list-runtime-memories';
import { runtimeRecordsSql } from '../../server/services/runtime/list-runtime-memories-sql';
import { resolveRuntimeScopes } from '../../server/services/runtime/resolve-runtime-scopes';
import { searchRuntimeMemories } from '../../server/services/runtime/search-runtime-memories';
import { searchRecordsSql } from '../../server/services/runtime/search-runtime-memories-sql';
import { BENCH_TENANT, generateTenant } from './generate-tenant';
import { addInactiveBeside, makeShareInactive } from './inactive';
import { percentile } from './measure';
import { explained, sample, sqlSamples } from './review';

/** A tenant of its own for the list case, so the shared tenant's other sections see the data they expect. */
export const LIST_TENANT = 'bench-runtime';
export const LIST_ACTOR = 'rt0';
const LIST_APPLICABLE = 2_000;
const LIST_TENANT_FACTS = 30;

/**
 * The id of the record the http bench's "after a change" row updates before each request: the first
 * by key at the list person's own scope (`rt-1`), as ensureListActor names it.
 */
export function listChangedRecordId(): string {
  return `mem_rt_${createHash('md5').update(`actor:${LIST_ACTOR}1`).digest('hex')}`;
}

/** Idempotently adds one person whose actor, tenant and global scopes hold LIST_APPLICABLE records. */
export async function ensureListActor(ctx: ServiceContext): Promise<string[]> {
  const scopes = [`actor:${LIST_ACTOR}`, `tenant:${LIST_TENANT}`, 'global'];
  const at = new Date(Date.UTC(2026, 11, 1));
  await ctx.db.tenant.upsert({
    where: { ref: LIST_TENANT },
    create: { ref: LIST_TENANT, name: 'Runtime API benchmark', updatedAt: at },
    update: {},
  });
  await ctx.db.user.upsert({
    where: { actorRef: LIST_ACTOR },
    create: {
      id: 'usr_bench_rt0',
      email: 'rt0@bench.example',
      name: 'Runtime benchmark person',
      actorRef: LIST_ACTOR,
      tenantRef: LIST_TENANT,
      updatedAt: at,
    },
    update: {},
  });
  const globals = await ctx.db.agentMemory.count({ where: { scope: 'global' } });
  const rows = (scope: string, count: number, author: 'agent' | 'human') => Prisma.sql`
    INSERT INTO "agent_memory" ("id", "key", "text", "scope", "tenantRef", "author", "pinned", "updatedAt")
    SELECT 'mem_rt_' || md5(${scope} || n), 'rt-' || n, 'Runtime benchmark fact number ' || n || ' about travel and meetings.',
           ${scope}, ${LIST_TENANT}, ${author}::"Author", n % 50 = 0, ${at}
    FROM generate_series(1, ${count}) AS n
    ON CONFLICT ("scope", "key") DO NOTHING`;
  await ctx.db.$executeRaw(rows(scopes[1]!, LIST_TENANT_FACTS, 'human'));
  await ctx.db.$executeRaw(rows(scopes[0]!, LIST_APPLICABLE - LIST_TENANT_FACTS - globals, 'agent'));
  await ctx.db.$executeRaw`ANALYZE "agent_memory"`;
  const applicable = await ctx.db.agentMemory.count({ where: { scope: { in: scopes } } });
  console.log(`list person ${LIST_ACTOR}: ${applicable} records at their scopes`);
  return scopes;
}

function report(label: string, endpoint: number[], sql: number[], p95Target: number): boolean {
  const [p50, p95, s50, s95] = [percentile(endpoint, 50), percentile(endpoint, 95), percentile(sql, 50), percentile(sql, 95)];
  const ok = p95 <= p95Target;
  console.log(
    `${label.padEnd(34)} endpoint p50 ${p50.toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms (target ≤ ${p95Target}) | SQL p50 ${s50.toFixed(1).padStart(7)} ms  p95 ${s95.toFixed(1).padStart(7)} ms | ${ok ? 'ok' : 'MISSED'}`,
  );
  return ok;
}

/**
 * The statements Prisma sends for one call of `work` (its query log), so that a service reading
 * through Prisma can be shown beside its own SQL's execution time like the raw-SQL ones.
 */
async function statementsOf(
  url: string,
  work: (ctx: ServiceContext<PrismaClient>) => Promise<unknown>,
): Promise<{ query: string; params: unknown[] }[]> {
  const logged = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }), log: [{ emit: 'event', level: 'query' }] });
  const statements: { query: string; params: unknown[] }[] = [];
  logged.$on('query', (event) => {
    if (/^\s*(SELECT|WITH)\b/i.test(event.query)) statements.push({ query: event.query, params: JSON.parse(event.params) as unknown[] });
  });
  try {
    await work(serviceContext(logged));
    return statements;
  } finally {
    await logged.$disconnect();
  }
}

function explainedStatements(ctx: ServiceContext, statements: { query: string; params: unknown[] }[]) {
  return async () => {
    let total = 0;
    for (const { query, params } of statements) {
      const [row] = await ctx.db.$queryRawUnsafe<{ 'QUERY PLAN': [{ 'Execution Time': number }] }[]>(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${query}`,
        ...params,
      );
      total += row!['QUERY PLAN'][0]['Execution Time'];
    }
    return total;
  };
}

/** Generates the tenant on `url` (unless `reuse`), measures, prints; false when a target was missed. */
export async function runRuntimeApiBench(url: string, options: { reuse?: boolean; inactive?: number } = {}): Promise<boolean> {
  if (!options.reuse) await generateTenant({ url });
  const db = await openDatabase({ kind: 'postgres', url });
  try {
    const ctx = serviceContext(db.prisma);
    // What a request's services get: the same database, raw statements on the driver's pool.
    const request = serviceContext(db.prisma, { sql: readRunnerOf(db) });
    const total = await ctx.db.agentMemory.count();
    const listScopes = await ensureListActor(ctx);
    const share = options.inactive ?? 0;
    if (share > 0) {
      const now = new Date();
      const beside = await addInactiveBeside(db.prisma, {
        scope: listScopes[0]!,
        tenantRef: LIST_TENANT,
        offered: LIST_APPLICABLE,
        share,
        now,
      });
      const made = await makeShareInactive(db.prisma, BENCH_TENANT, share, now);
      console.log(
        `--inactive=${share}: ${beside} muted or expired records beside ${LIST_ACTOR}'s ${LIST_APPLICABLE}; in ${BENCH_TENANT}, ${made.muted.toLocaleString('en-US')} muted and ${made.expired.toLocaleString('en-US')} past their expiry`,
      );
    }
    const listSql = runtimeRecordsSql(listScopes, new Date());
    const searchScopes = ['actor:p17', `tenant:${BENCH_TENANT}`, 'global'];
    const search = { scopes: searchScopes, query: 'meeting short', limit: 10 };
    console.log(`search over ${total.toLocaleString('en-US')} records`);
    const resolve = (on: ServiceContext<PrismaClient>) =>
      resolveRuntimeScopes({ ctx: on, input: { tokenTenantRef: LIST_TENANT, actorRef: LIST_ACTOR } });
    const resolveStatements = await statementsOf(url, resolve);
    console.log(`scopes/resolve sends ${resolveStatements.length} statements`);
    const results = [
      report(
        `scopes/resolve (${LIST_ACTOR})`,
        await sample(() => resolve(request)),
        await sqlSamples(explainedStatements(ctx, resolveStatements)),
        10,
      ),
      report(
        `list by actorRef (${LIST_APPLICABLE} records)`,
        await sample(async () => {
          const { records } = await listRuntimeMemories({ ctx: request, input: { tokenTenantRef: LIST_TENANT, actorRef: LIST_ACTOR } });
          for await (const _piece of records()) void _piece;
        }),
        await sqlSamples(async () => (await explainedStatements(ctx, resolveStatements)()) + (await explained(ctx, [listSql])())),
        20,
      ),
      report(
        `list (${LIST_APPLICABLE} applicable records)`,
        await sample(async () => {
          const { records } = await listRuntimeMemories({ ctx: request, input: { tokenTenantRef: LIST_TENANT, scopes: listScopes } });
          for await (const _piece of records()) void _piece;
        }),
        await sqlSamples(explained(ctx, [listSql])),
        20,
      ),
      report(
        `search "${search.query}"`,
        await sample(() => searchRuntimeMemories({ ctx: request, input: { tokenTenantRef: BENCH_TENANT, ...search } })),
        await sqlSamples(explained(ctx, [searchRecordsSql(search, new Date())])),
        50,
      ),
    ];
    return results.every(Boolean);
  } finally {
    await db.close();
  }
}
