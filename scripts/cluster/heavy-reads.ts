// The heavy reads on the cluster's real primary and replica (docs/scaling.md "What goes to the replica"): the
// review queue, the Operations charts, the audit list and its export, the budget forecast, and My
// memories' list and preview (which only read there, and store their count of keys on the primary), read
// through the app's own tRPC procedures and route handler with the app's read routing
// (server/db/read-connection.ts), as the consoles run them. With replay paused, Bob (an
// administrator who just acted) reads from the primary and sees his change, while Gina's reads are
// the replica's; which server answered is proven by answers that differ between the two (each call
// compared with the same call made directly on each server). Once replay resumes and catches up,
// Bob's reads are the replica's again: with replay paused a second time, someone else's later
// change is not in what he reads. Used by replica-run.ts.
import pg from 'pg';
import { createCaller } from '../../server/api/root';
import { readRoutingOf } from '../../server/api/read-routing';
import { createContextInner } from '../../server/api/trpc';
import type { PrismaClient } from '../../server/db/generated/client';
import { openDatabase, type Database } from '../../server/db/open-database';
import { requestReads, requestReadsOf } from '../../server/db/read-connection';
import { WAL_COOKIE } from '../../server/db/replica';
import type { SqlRunner } from '../../server/db/sql-runner';
import { handleAuditExport } from '../../server/http/audit-export';
import { startSession } from '../../server/services/account/start-session';
import { serviceContext } from '../../server/services/context';
import type { Cluster } from './cluster';

type Check = (condition: boolean, claim: string, detail?: string) => void;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Browser {
  email: string;
  session: { userId: string; sessionId: string };
  /** The `mc_wal` cookie: the primary's position after this person's last write. */
  wal?: string;
}

export async function heavyReadChecks(cluster: Cluster, check: Check, figures: string[]): Promise<void> {
  const waitMs = 300;
  const db = await openDatabase(
    { kind: 'postgres', url: cluster.directUrl, replica: { url: cluster.replicaUrl, waitMs } },
    { migrate: false },
  );
  const replicaAdmin = new pg.Client({ connectionString: cluster.replicaUrl });
  await replicaAdmin.connect();
  const router = db.replica!;
  const base = serviceContext(db.prisma, { sql: db.pool });
  const browserOf = async (email: string): Promise<Browser> => {
    const user = await db.prisma.user.findUniqueOrThrow({ where: { email } });
    return {
      email,
      session: { userId: user.id, sessionId: await startSession({ ctx: base, input: { userId: user.id, userAgent: 'cluster' } }) },
    };
  };
  const caughtUp = async () => {
    const at = await router.writePosition();
    for (let i = 0; i < 200 && (await router.readerFor(at)).on !== 'replica'; i++) await sleep(50);
  };
  const pause = async () => {
    await replicaAdmin.query('SELECT pg_wal_replay_pause()');
    for (let i = 0; i < 50 && !(await router.lag()).paused; i++) await sleep(50);
  };
  // One clock for every call, so answers of the same read on the two servers can be compared whole.
  const fixedNow = new Date();
  const now = () => fixedNow;

  /** A browser's tRPC caller, each call a request with the app's read routing from its cookie. */
  const callerOf = (browser: Browser) =>
    createCaller(() => {
      const readRouting = readRoutingOf(requestReads(db, browser.wal), (lsn) => {
        browser.wal = lsn;
      });
      return createContextInner({
        session: browser.session,
        db: db.prisma,
        deps: { sql: db.pool, now },
        ...(readRouting ? { readRouting } : {}),
      });
    });
  /** The same calls made directly on one server, without routing: what that server answers. */
  const replicaRunner: SqlRunner = (await router.readerFor(null)).runner;
  const directOn = (browser: Browser, prisma: PrismaClient, sql: SqlRunner) =>
    createCaller(() => createContextInner({ session: browser.session, db: prisma, deps: { sql, now } }));
  const exportOf = async (browser: Browser, dbFor: Database) => {
    const request = new Request('http://127.0.0.1/api/audit/export?format=csv', {
      headers: browser.wal ? { cookie: `${WAL_COOKIE}=${encodeURIComponent(browser.wal)}` } : {},
    });
    const response = await handleAuditExport(request, {
      session: browser.session,
      prisma: dbFor.prisma,
      sql: dbFor.pool,
      reads: requestReadsOf(dbFor, request).connection,
    });
    return response.text();
  };

  const probeKey = `replica-probe-${Date.now()}`;
  try {
    const bob = await browserOf('bob@example.com');
    const gina = await browserOf('gina@example.com');
    const olga = await browserOf('olga@example.com');
    // No stored count of keys, on either server: My memories' reads on the replica must make it.
    await db.pool.query('DELETE FROM "visible_key_count"');
    await caughtUp();
    const primaryOf = (browser: Browser) => directOn(browser, db.prisma, db.pool);
    const replicaOf = (browser: Browser) => directOn(browser, router.prisma(), replicaRunner);
    const meeting = (list: { groups: { key: string; dismissed?: unknown }[] }) =>
      JSON.stringify(list.groups.find((group) => group.key === 'meeting-length') ?? null);
    const auditIds = (page: { rows: { id: string }[] }) => page.rows.map((row) => row.id).join(',');
    const opsTurns = (overview: unknown) => JSON.stringify(overview);

    await pause();
    // Bob acts: dismisses a review group and saves a fact (each with an audit row); a turn's
    // diagnostics land in the primary's rollups meanwhile.
    const bobCalls = callerOf(bob);
    await bobCalls.review.dismiss({ key: 'meeting-length' });
    const pinning = await primaryOf(bob).facts.forecast({ scope: 'tenant:berlin', key: probeKey, pinned: true });
    await bobCalls.facts.save({
      scope: 'tenant:berlin',
      key: probeKey,
      text: 'An always-on fact only the primary holds yet.',
      pinned: true,
      confirmOmissions: pinning.peopleOver,
    });
    await db.pool.query(
      `INSERT INTO "metric_rollup" ("tenantRef", "minute", "turns", "offered", "promptChars", "promptCharsMax", "promptCharsBuckets")
       VALUES ('berlin', date_trunc('minute', $1::timestamp) - interval '2 minutes', 7, 21, 7000, 1000, '{0,7,0,0,0,0,0,0,0,0}')
       ON CONFLICT ("tenantRef", "minute") DO UPDATE SET "turns" = "metric_rollup"."turns" + 7`,
      [fixedNow.toISOString().replace('T', ' ').replace('Z', '')],
    );
    check(bob.wal !== undefined, `Bob's writes set his WAL position (${bob.wal})`);

    // Bob reads what he just did: from the primary, after the bounded wait.
    const t0 = Date.now();
    const bobList = await bobCalls.review.list({ limit: 100 });
    const bobWaited = Date.now() - t0;
    const [primaryList, replicaList] = [await primaryOf(bob).review.list({ limit: 100 }), await replicaOf(bob).review.list({ limit: 100 })];
    check(meeting(primaryList) !== meeting(replicaList), 'during the paused replay the review queue differs between primary and replica');
    check(
      meeting(bobList) === meeting(primaryList),
      `Bob, who just dismissed a group, reads the review queue from the primary and sees it (the read took ${bobWaited} ms, waiting at most ${waitMs})`,
    );
    const bobAudit = await bobCalls.audit.list({ limit: 50 });
    const [primaryAudit, replicaAudit] = [await primaryOf(bob).audit.list({ limit: 50 }), await replicaOf(bob).audit.list({ limit: 50 })];
    check(auditIds(primaryAudit) !== auditIds(replicaAudit), 'the audit list differs between primary and replica');
    check(auditIds(bobAudit) === auditIds(primaryAudit), "Bob's audit list is the primary's: his own changes are in it");
    const newest = primaryAudit.rows[0]!.id;
    const bobExport = await exportOf(bob, db);
    check(bobExport.includes(newest), "Bob's audit export is read from the primary: it holds his newest change");
    // A budget so small that every pin shows: the primary's forecast counts Bob's new pin, the replica's not yet.
    const forecastInput = { tenantRef: 'berlin', maxMemories: 1 };
    const bobForecast = JSON.stringify(await bobCalls.tenants.forecastBudget(forecastInput));
    const [forecastPrimary, forecastReplica] = [
      JSON.stringify(await primaryOf(bob).tenants.forecastBudget(forecastInput)),
      JSON.stringify(await replicaOf(bob).tenants.forecastBudget(forecastInput)),
    ];
    check(
      forecastPrimary !== forecastReplica,
      "the budget forecast differs between primary and replica (only the primary holds Bob's new pin)",
      `${forecastPrimary} / ${forecastReplica}`,
    );
    check(bobForecast === forecastPrimary, "Bob's budget forecast counts the pin he just saved: the primary's");

    // Gina has written nothing: her heavy reads are the replica's.
    const ginaCalls = callerOf(gina);
    const ginaList = await ginaCalls.review.list({ limit: 100 });
    const ginaReplica = await replicaOf(gina).review.list({ limit: 100 });
    const ginaPrimary = await primaryOf(gina).review.list({ limit: 100 });
    check(
      meeting(ginaList) === meeting(ginaReplica) && meeting(ginaList) !== meeting(ginaPrimary),
      "Gina's review queue is served by the replica (Bob's dismissal not yet in it)",
    );
    const ginaAudit = await ginaCalls.audit.list({ limit: 50 });
    check(
      auditIds(ginaAudit) === auditIds(await replicaOf(gina).audit.list({ limit: 50 })) && !auditIds(ginaAudit).includes(newest),
      "Gina's audit list is served by the replica (without Bob's newest change)",
    );
    const ginaExport = await exportOf(gina, db);
    check(
      ginaExport.length > 0 && !ginaExport.includes(newest),
      "Gina's audit export is served by the replica (without Bob's newest change)",
    );
    const opsInput = { tenantRef: 'berlin', range: '1h' as const };
    const olgaOps = await callerOf(olga).ops.overview(opsInput);
    const [opsPrimary, opsReplica] = [await primaryOf(olga).ops.overview(opsInput), await replicaOf(olga).ops.overview(opsInput)];
    check(opsTurns(opsPrimary) !== opsTurns(opsReplica), 'the Operations chart data differs between primary and replica');
    check(opsTurns(olgaOps) === opsTurns(opsReplica), "Olga's Operations chart data is served by the replica (without the newest turns)");
    const ginaForecast = JSON.stringify(await ginaCalls.tenants.forecastBudget(forecastInput));
    check(
      ginaForecast === JSON.stringify(await replicaOf(gina).tenants.forecastBudget(forecastInput)) && ginaForecast !== forecastPrimary,
      "Gina's budget forecast is served by the replica, which does not hold Bob's new pin yet",
    );

    // My memories on the replica, where no count of the shared scopes' keys is stored: the list's
    // and the preview's statements only read (a replica refuses any that writes), and the count
    // they made is stored by a write of its own on the primary.
    const ginaMemories = await ginaCalls.memories.list();
    const ginaPreview = await ginaCalls.memories.preview();
    check(
      ginaMemories.totals.all > 0 && ginaPreview.digest.offered + ginaPreview.digest.omitted === ginaMemories.totals.all,
      `Gina's My memories list and preview are read from the replica (${ginaMemories.totals.all} memories)`,
    );
    const [keptCounts] = await db.pool.query<{ n: number }>('SELECT count(*)::int AS "n" FROM "visible_key_count"');
    check((keptCounts?.n ?? 0) > 0, 'the count of keys they made is stored on the primary');

    // Replay resumes: once the replica has replayed Bob's writes, his reads are the replica's again.
    await replicaAdmin.query('SELECT pg_wal_replay_resume()');
    const t1 = Date.now();
    for (let i = 0; i < 200 && (await requestReads(db, bob.wal).connection()).on !== 'replica'; i++) await sleep(50);
    const caughtUpMs = Date.now() - t1;
    await pause();
    // Someone else changes the queue on the primary; Bob (position replayed) does not see it: the replica answered.
    await callerOf(gina).review.undismiss({ key: 'meeting-length' });
    const bobAgain = await bobCalls.review.list({ limit: 100 });
    const againReplica = await replicaOf(bob).review.list({ limit: 100 });
    const againPrimary = await primaryOf(bob).review.list({ limit: 100 });
    check(
      meeting(bobAgain) === meeting(againReplica) && meeting(againReplica) !== meeting(againPrimary),
      `after replay resumed (caught up in ${caughtUpMs} ms), Bob's review queue is the replica's again (Gina's later change not in it)`,
    );
    const bobAuditAgain = await bobCalls.audit.list({ limit: 50 });
    check(auditIds(bobAuditAgain) === auditIds(await replicaOf(bob).audit.list({ limit: 50 })), "and so is Bob's audit list");
    figures.push(
      `heavy reads: during a paused replay, Bob's review queue right after his own write took ${bobWaited} ms (a wait of at most ${waitMs} ms for the replica, then the primary); others' review queue, /ops data, audit list and export and budget forecast read the replica`,
    );
  } finally {
    await replicaAdmin.query('SELECT pg_wal_replay_resume()').catch(() => {});
    await replicaAdmin.end();
    await db.close();
  }
}
