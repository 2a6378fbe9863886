// The heavy reads follow the request's read connection (server/db/read-connection.ts): with a
// replica, the review queue, the Operations charts, the audit list and export and the forecasts
// read — through Prisma as well as raw SQL — from the replica, unless the person's last write has
// not reached it; then from the primary. The "replica" here is a second copy of the seeded database
// that holds changes the primary does not, behind a fake router whose rule is the simplest one: a
// person with a write position reads the primary. The real rule on a real replica with paused
// replay: scripts/cluster/heavy-reads.ts (npm run test:cluster:replica).
import { beforeAll, describe, expect, it } from 'vitest';
import { readRunnerOf } from '../db/open-database';
import { requestReads, requestReadsOf } from '../db/read-connection';
import { parseLsn, type ReplicaRouter } from '../db/replica';
import { handleAuditExport } from '../http/audit-export';
import { useSeededDatabase } from '../testing/seeded-database';
import { createCaller } from './root';
import { readRoutingOf } from './read-routing';
import { appRouter } from './root';
import { createContextInner } from './trpc';

const primary = useSeededDatabase();
const replica = useSeededDatabase();

const BOB = 'bob@example.com';
const GINA = 'gina@example.com';
const OLGA = 'olga@example.com';
const BEHIND = '0/10';
const PROBE = 'replica-only-pin';

function fakeRouter(written: string[]): ReplicaRouter {
  const replicaSql = readRunnerOf(replica) ?? replica.sql;
  const primarySql = readRunnerOf(primary) ?? primary.sql;
  return {
    writePosition: async () => {
      written.push('0/20');
      return '0/20';
    },
    readerFor: async (after) => (parseLsn(after) ? { runner: primarySql, on: 'primary' } : { runner: replicaSql, on: 'replica' }),
    prisma: () => replica.prisma,
    lag: async () => ({ bytes: 0, replaySeconds: 0, paused: false }),
    close: async () => {},
  };
}

/** The primary's database as the app opens it with a replica, the fake one. */
const routed = (written: string[] = []) => ({
  prisma: primary.prisma,
  pool: readRunnerOf(primary) ?? primary.sql,
  target: { kind: 'postgres' as const, url: 'postgresql://test@primary/console' },
  replica: fakeRouter(written),
});

/** A caller whose every call is a request with the app's read routing, its cookie `wal`. */
async function routedCaller(email: string, browser: { wal?: string } = {}, written: string[] = []) {
  const session = await primary.sessionOf(email);
  const db = routed(written);
  return createCaller(() => {
    const readRouting = readRoutingOf(requestReads(db, browser.wal), (lsn) => {
      browser.wal = lsn;
    });
    return createContextInner({
      session,
      db: primary.prisma,
      deps: { now: primary.ctx.now, ...(primary.ctx.sql ? { sql: primary.ctx.sql } : {}) },
      ...(readRouting ? { readRouting } : {}),
    });
  });
}

const meeting = (list: { groups: { key: string }[] }) =>
  JSON.stringify(list.groups.find((group) => group.key === 'meeting-length') ?? null);
const ids = (page: { rows: { id: string }[] }) => page.rows.map((row) => row.id);
const opsInput = { tenantRef: 'berlin', range: '24h' as const };
const budget = { tenantRef: 'berlin', maxMemories: 1 };

beforeAll(async () => {
  // What only the replica holds: a dismissed group and a new pin (each with an audit row), a turn's rollup.
  const bob = await replica.callerAs(BOB);
  await bob.review.dismiss({ key: 'meeting-length' });
  const pinning = await bob.facts.forecast({ scope: 'tenant:berlin', key: PROBE, pinned: true });
  await bob.facts.save({
    scope: 'tenant:berlin',
    key: PROBE,
    text: 'Only the replica holds this pin.',
    pinned: true,
    confirmOmissions: pinning.peopleOver,
  });
  await replica.prisma.metricRollup.create({
    data: {
      tenantRef: 'berlin',
      minute: new Date(Math.floor(primary.ctx.now().getTime() / 60_000) * 60_000 - 3 * 60_000),
      turns: 7,
      offered: 21,
      promptChars: 7000,
      promptCharsMax: 1000,
      promptCharsBuckets: [0, 7, 0, 0, 0, 0, 0, 0, 0, 0],
    },
  });
});

describe('with a replica, someone with no write to wait for', () => {
  it('reads the review queue, the audit list, the Operations data and the budget forecast from the replica', async () => {
    const gina = await routedCaller(GINA);
    const [onPrimary, onReplica] = [await primary.callerAs(GINA), await replica.callerAs(GINA)];
    expect(meeting(await onPrimary.review.list())).not.toBe(meeting(await onReplica.review.list()));
    expect(meeting(await gina.review.list())).toBe(meeting(await onReplica.review.list()));
    expect(ids(await gina.audit.list({ limit: 20 }))).toEqual(ids(await onReplica.audit.list({ limit: 20 })));
    expect(ids(await gina.audit.list({ limit: 20 }))).not.toEqual(ids(await onPrimary.audit.list({ limit: 20 })));
    expect(await gina.tenants.forecastBudget(budget)).toEqual(await onReplica.tenants.forecastBudget(budget));
    expect(await gina.tenants.forecastBudget(budget)).not.toEqual(await onPrimary.tenants.forecastBudget(budget));

    const olga = await routedCaller(OLGA);
    const opsReplica = await (await replica.callerAs(OLGA)).ops.overview(opsInput);
    expect(await olga.ops.overview(opsInput)).toEqual(opsReplica);
    expect(await (await primary.callerAs(OLGA)).ops.overview(opsInput)).not.toEqual(opsReplica);
  });

  it('reads the audit export from the replica', async () => {
    const onReplica = await (await replica.callerAs(GINA)).audit.list({ limit: 1 });
    const request = new Request('http://localhost/api/audit/export?format=csv');
    const response = await handleAuditExport(request, {
      session: await primary.sessionOf(GINA),
      prisma: primary.prisma,
      deps: { now: primary.ctx.now },
      reads: requestReadsOf(routed(), request).connection,
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(onReplica.rows[0]!.id);
  });
});

describe('with a replica, someone whose last write the replica has not replayed', () => {
  it('reads the review queue, the audit list and the forecast from the primary', async () => {
    const bob = await routedCaller(BOB, { wal: BEHIND });
    const onPrimary = await primary.callerAs(BOB);
    expect(meeting(await bob.review.list())).toBe(meeting(await onPrimary.review.list()));
    expect(ids(await bob.audit.list({ limit: 20 }))).toEqual(ids(await onPrimary.audit.list({ limit: 20 })));
    expect(await bob.tenants.forecastBudget(budget)).toEqual(await onPrimary.tenants.forecastBudget(budget));
  });

  it('reads the audit export from the primary (the cookie read from the request)', async () => {
    const onReplica = await (await replica.callerAs(BOB)).audit.list({ limit: 1 });
    const request = new Request('http://localhost/api/audit/export?format=csv', {
      headers: { cookie: `mc_wal=${encodeURIComponent(BEHIND)}` },
    });
    const response = await handleAuditExport(request, {
      session: await primary.sessionOf(BOB),
      prisma: primary.prisma,
      deps: { now: primary.ctx.now },
      reads: requestReadsOf(routed(), request).connection,
    });
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain(onReplica.rows[0]!.id);
  });
});

describe('writes', () => {
  it('go to the primary, and the position after them becomes the person’s next reads’ cookie', async () => {
    const browser: { wal?: string } = {};
    const written: string[] = [];
    const bob = await routedCaller(BOB, browser, written);
    await bob.review.dismiss({ key: 'report-format' });
    expect(written).toEqual(['0/20']);
    expect(browser.wal).toBe('0/20');
    expect(await primary.prisma.reviewDismissal.count({ where: { key: 'report-format' } })).toBe(1);
    expect(await replica.prisma.reviewDismissal.count({ where: { key: 'report-format' } })).toBe(0);
    // His next read waits for the replica, which (for the fake) never has it: the primary, with his change.
    expect(meeting(await bob.review.list())).toBe(meeting(await (await primary.callerAs(BOB)).review.list()));
  });
});

describe('which procedures are heavy reads', () => {
  it('are exactly the review queue, the Operations overview, the audit list and the forecasts, all queries', () => {
    const heavy = Object.entries(
      appRouter._def.procedures as unknown as Record<string, { _def: { meta?: { reads?: string }; type: string } }>,
    )
      .filter(([, procedure]) => procedure._def.meta?.reads === 'replica')
      .map(([path, procedure]) => [path, procedure._def.type]);
    expect(heavy.sort()).toEqual(
      [
        ['audit.list', 'query'],
        ['facts.forecast', 'query'],
        ['ops.overview', 'query'],
        ['review.detail', 'query'],
        ['review.dueFacts', 'query'],
        ['review.list', 'query'],
        ['tenants.forecastBudget', 'query'],
        ['tenants.forecastLifetime', 'query'],
      ].sort(),
    );
  });
});
