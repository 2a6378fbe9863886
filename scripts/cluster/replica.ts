// The read replica and the partitioned diagnostics on the cluster's real primary and streaming
// replica (docs/scaling.md "The replica"): with replay paused on the replica (an induced lag), a
// person's read after their own write waits, then reads from the primary and sees it, while a
// read of someone with no recent write goes to the replica (and sees the replica's older state);
// once replay resumes, the writer's reads go to the replica again. Then the partition functions
// run through PgBouncer in transaction mode. Used by run.ts, and alone by replica-run.ts.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openReplica } from '../../server/db/replica';
import { pgPoolRunner } from '../../server/db/sql-runner';
import type { Cluster } from './cluster';

type Check = (condition: boolean, claim: string, detail?: string) => void;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function replicaChecks(cluster: Cluster, check: Check, figures: string[]): Promise<void> {
  const primaryPool = new pg.Pool({ connectionString: cluster.directUrl });
  const replicaAdmin = new pg.Client({ connectionString: cluster.replicaUrl });
  await replicaAdmin.connect();
  const waitMs = 400;
  const router = await openReplica(cluster.replicaUrl, pgPoolRunner(primaryPool, { namedStatements: false }), { waitMs });
  const probe = `replica_probe_${Date.now()}`;
  try {
    await primaryPool.query(`CREATE TABLE "${probe}" ("id" text PRIMARY KEY)`);
    const created = await router.writePosition();
    for (let i = 0; i < 100 && (await router.readerFor(created)).on !== 'replica'; i++) await sleep(50);

    await replicaAdmin.query('SELECT pg_wal_replay_pause()');
    for (let i = 0; i < 50 && !(await router.lag()).paused; i++) await sleep(50);
    await primaryPool.query(`INSERT INTO "${probe}" VALUES ('mine')`);
    const mine = await router.writePosition();
    const lag = await router.lag();
    check(lag.paused && lag.bytes > 0, `with replay paused the replica reports its lag (${lag.bytes} bytes behind, paused)`);

    const t0 = Date.now();
    const writer = await router.readerFor(mine);
    const waited = Date.now() - t0;
    const writerSees = await writer.runner.query<{ id: string }>(`SELECT "id" FROM "${probe}"`);
    check(
      writer.on === 'primary' && writerSees.length === 1,
      `a person reads their own write during the lag: after waiting ${waited} ms (at most ${waitMs}) for the replica, from the primary`,
      `${writer.on}, ${writerSees.length} rows`,
    );
    check(waited >= waitMs - 50 && waited < waitMs + 1500, `the wait for the replica is bounded (${waited} ms)`);
    const other = await router.readerFor(null);
    const otherSees = await other.runner.query<{ id: string }>(`SELECT "id" FROM "${probe}"`);
    check(
      other.on === 'replica' && otherSees.length === 0,
      'someone with no recent write reads from the replica meanwhile (which has not yet replayed the write)',
      `${other.on}, ${otherSees.length} rows`,
    );
    const forged = await router.readerFor("0/0'; DROP TABLE x; --");
    check(forged.on === 'replica', 'a cookie that is no LSN is ignored (read from the replica, no error)');

    await replicaAdmin.query('SELECT pg_wal_replay_resume()');
    const t1 = Date.now();
    let after = await router.readerFor(mine);
    for (let i = 0; i < 50 && after.on !== 'replica'; i++) after = await router.readerFor(mine);
    const afterSees = await after.runner.query<{ id: string }>(`SELECT "id" FROM "${probe}"`);
    check(
      after.on === 'replica' && afterSees.length === 1,
      `once replay resumes, the writer's reads go to the replica again and see the write (${Date.now() - t1} ms)`,
    );
    figures.push(
      `read replica: the writer's read during a paused replay waited ${waited} ms, then read from the primary; others read from the replica`,
    );
  } finally {
    await replicaAdmin.query('SELECT pg_wal_replay_resume()').catch(() => {});
    await primaryPool.query(`DROP TABLE IF EXISTS "${probe}"`).catch(() => {});
    await router.close();
    await replicaAdmin.end();
    await primaryPool.end();
  }
}

/** The partition functions as the console runs them: through PgBouncer in transaction mode. */
export async function partitionChecks(cluster: Cluster, check: Check): Promise<void> {
  const pooled = new pg.Client({ connectionString: cluster.pooledUrl });
  await pooled.connect();
  try {
    const far = '2030-06-01';
    await pooled.query(
      `INSERT INTO "runtime_event" ("id", "type", "at", "tenantRef", "scopes") VALUES ('evt_cluster_far', 'memory_written', $1::timestamp, 'berlin', '{}')`,
      [`${far} 10:00:00`],
    );
    const before = await pooled.query<{ part: string }>(
      `SELECT tableoid::regclass::text AS part FROM "runtime_event" WHERE "id" = 'evt_cluster_far'`,
    );
    const made = await pooled.query<{ n: number }>(`SELECT "runtime_event_ensure_partitions"(CURRENT_DATE, CURRENT_DATE + 7) AS n`);
    const afterMade = await pooled.query<{ part: string }>(
      `SELECT tableoid::regclass::text AS part FROM "runtime_event" WHERE "id" = 'evt_cluster_far'`,
    );
    check(
      before.rows[0]?.part === 'runtime_event_default' && afterMade.rows[0]?.part === 'runtime_event_p20300601',
      `through PgBouncer, an event for a day without a partition waits in the default one and moves to its new day (${made.rows[0]!.n} made)`,
    );
    const t0 = Date.now();
    const dropped = await pooled.query<{ n: number }>(`SELECT "runtime_event_drop_partitions_before"('2030-06-02'::timestamp) AS n`);
    const ms = Date.now() - t0;
    const left = await pooled.query(`SELECT 1 FROM "runtime_event" WHERE "id" = 'evt_cluster_far'`);
    check(
      dropped.rows[0]!.n >= 1 && left.rowCount === 0,
      `retention drops whole days through PgBouncer (${dropped.rows[0]!.n} days in ${ms} ms)`,
    );
    await pooled.query(`SELECT "runtime_event_ensure_partitions"(CURRENT_DATE, CURRENT_DATE + 7)`);
  } finally {
    await pooled.end();
  }
}

/**
 * The integration tests that exercise the app's queries, run once with the console side through
 * PgBouncer: every `*.int.test.ts` under these folders (vitest filters by path).
 */
export const POOLED_TEST_FOLDERS = ['server/services/', 'server/api/routers/', 'server/http/'];

/** Where the full output of failed pooled tests is kept (the cluster's own folder is removed at the end). */
const FAILED_TESTS_LOG = '/tmp/mc-cluster-pooled-tests.log';

/**
 * Runs the pooled test files on the PostgreSQL project with the cluster's primary as the test server
 * (templates and scratch copies made directly) and the code under test connecting through
 * PgBouncer in transaction mode (TEST_POOLED_DATABASE_URL). Returns how long it took.
 *
 * Vitest runs beside this process, never with it waiting synchronously: the cluster's PostgreSQL,
 * PgBouncer and consoles write their logs into pipes this process drains, and a pipe left full
 * blocks the writer — PgBouncer stops answering everyone, a console stops mid-transaction.
 */
export async function pooledIntegrationTests(cluster: Cluster, root: string, check: Check): Promise<number> {
  const t0 = Date.now();
  const child = spawn(
    path.join(root, 'node_modules', '.bin', 'vitest'),
    ['run', '--project', 'integration (PostgreSQL)*', ...POOLED_TEST_FOLDERS],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NO_COLOR: '1',
        FORCE_COLOR: '0',
        TEST_DATABASE_URL: cluster.directUrl.replace(/\/[^/]+$/, '/postgres'),
        TEST_POOLED_DATABASE_URL: cluster.pooledUrl.replace(/\/[^/]+$/, '/postgres'),
      },
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  if (status !== 0) writeFileSync(FAILED_TESTS_LOG, output);
  const summary = output.split('\n').filter((line) => /Test Files|Tests /.test(line));
  check(
    status === 0,
    `the integration tests of the app's queries pass through PgBouncer (${summary.map((line) => line.trim()).join('; ')})`,
    `full output in ${FAILED_TESTS_LOG}`,
  );
  return Date.now() - t0;
}
