// Where an ingest batch's time goes (docs/benchmarks.md "Where a batch's time goes"): one client,
// batches of 1,000 `memory.resolved`, each phase of POST /api/runtime/events timed on its own
// against PostgreSQL — JSON parse, validation, token lookup, the raw insert, the alert lock, the
// rollup upsert, the commit — beside the same rows' plain multi-row INSERT. Median of the runs, in
// milliseconds.
//
//   npx tsx scripts/bench/ingest-phases.ts --database postgresql://…/a_scratch_database [--runs 20]
//
// The database is migrated on open; the script works in a tenant of its own and removes it.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { hashTokenSecret } from '../../server/auth/api-token-secret';
import { openDatabase } from '../../server/db/open-database';
import { pinnedDrops } from '../../server/domain';
import { serviceContext, type SqlContext } from '../../server/services/context';
import { insertRuntimeEvents } from '../../server/services/diagnostics/insert-runtime-events';
import { lockPinnedAlerts } from '../../server/services/diagnostics/lock-pinned-alerts';
import { upsertMetricRollups } from '../../server/services/diagnostics/upsert-metric-rollups';
import { validateRuntimeBatch } from '../../server/services/diagnostics/validate-runtime-batch';
import { authenticateApiToken } from '../../server/services/tokens/authenticate-api-token';
import { plainInsertStatement, resolvedBatch, type ResolvedEvent } from './resolved-events';
import { percentile } from './measure';

const TENANT = 'bench-phases';

async function main() {
  const { values } = parseArgs({ options: { database: { type: 'string' }, runs: { type: 'string', default: '20' } } });
  if (!values.database) throw new Error('usage: npx tsx scripts/bench/ingest-phases.ts --database postgresql://…');
  const db = await openDatabase({ kind: 'postgres', url: values.database });
  const clean = async () => {
    for (const table of ['runtime_event', 'metric_rollup', 'alert', 'api_token'])
      await db.sql.query(`DELETE FROM "${table}" WHERE "tenantRef" = $1`, [TENANT]);
    await db.sql.query(`DELETE FROM "tenant" WHERE "ref" = $1`, [TENANT]);
  };
  try {
    await clean();
    await db.sql.query(`INSERT INTO "tenant" ("ref", "name", "updatedAt") VALUES ($1, 'Bench', now())`, [TENANT]);
    const secret = 'mct_phases_bench_secret_0123456789abcdefghij';
    await db.sql.query(
      `INSERT INTO "api_token" ("id", "name", "tokenHash", "prefix", "tenantRef", "permissions") VALUES ('tok_phases', 'bench', $1, 'mct_phas', $2, ARRAY['events:write'])`,
      [hashTokenSecret(secret), TENANT],
    );
    const ctx = serviceContext(db.prisma, { sql: db.pool });
    const runs = Number(values.runs);
    const phases: Record<string, number[]> = {
      parse: [],
      validate: [],
      token: [],
      begin: [],
      insert: [],
      alertLock: [],
      rollups: [],
      commit: [],
      total: [],
      plainInsert: [],
    };
    for (let run = -2; run < runs; run += 1) {
      const body = JSON.stringify(resolvedBatch(TENANT, 1000, (run + 3) * 1000));
      const seen: Record<string, number> = {};
      let mark = performance.now();
      const lap = (name: string) => {
        const now = performance.now();
        seen[name] = now - mark;
        mark = now;
      };
      const start = mark;
      const items = JSON.parse(body) as unknown[];
      lap('parse');
      const verdict = await validateRuntimeBatch({ ctx, input: { items, tokenTenantRef: TENANT } });
      if (!verdict.ok) throw new Error(JSON.stringify(verdict.items[0]));
      lap('validate');
      const auth = await authenticateApiToken({ ctx, input: { secret, permission: 'events:write' } });
      if (!auth.ok) throw new Error('token refused');
      lap('token');
      const client = await (db.pool as unknown as { transaction: <T>(work: (tx: typeof db.pool) => Promise<T>) => Promise<T> }).transaction(
        async (sql) => {
          lap('begin');
          const txCtx: SqlContext = { sql, now: ctx.now, newId: ctx.newId };
          await insertRuntimeEvents({ ctx: txCtx, input: { events: verdict.events, receivedAt: new Date() } });
          lap('insert');
          const diagnostics = verdict.events.map((event) =>
            event.type === 'memory.written'
              ? { ...event, atMs: event.at.getTime() }
              : { ...event, atMs: event.at.getTime(), scopes: Array.isArray(event.scopes) ? event.scopes : null },
          );
          const alertWrites = await lockPinnedAlerts({ ctx: txCtx, input: { drops: pinnedDrops(diagnostics) } });
          lap('alertLock');
          await upsertMetricRollups({ ctx: txCtx, input: { events: diagnostics, alongside: alertWrites } });
          lap('rollups');
          return null;
        },
      );
      void client;
      lap('commit');
      seen.total = performance.now() - start;
      const plainStart = performance.now();
      const [sql, params] = plainInsertStatement(JSON.parse(body) as ResolvedEvent[], TENANT, `plain_${run}`);
      await db.pool.query(sql, params);
      seen.plainInsert = performance.now() - plainStart;
      if (run >= 0) for (const [name, ms] of Object.entries(seen)) phases[name]!.push(ms);
    }
    console.log('| phase | median ms per batch of 1,000 |\n| --- | --- |');
    for (const [name, list] of Object.entries(phases)) console.log(`| ${name} | ${percentile(list, 50).toFixed(1)} |`);
  } finally {
    await clean();
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
