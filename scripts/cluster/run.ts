// `npm run test:cluster` (docs/scaling.md "The cluster test"): starts the cluster of cluster.ts and
// proves, through HAProxy, what several console instances must agree on — sessions, the sign-in
// throttle, recurring jobs and webhook deliveries, racing administrators — and that an instance
// killed or stopped mid-burst loses no acknowledged write. Prints its figures; exits 1 on the first
// claim that does not hold. Everything it started is stopped and removed at the end, on failure and
// on Ctrl-C too.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { needsBuild } from '../../server/startup/build-state';
import { checkPortFree } from '../../server/startup/preflight';
import { createDemoTokens, type Sender } from '../demo-traffic';
import { Cluster, CONSOLE_PORTS, PORTS, type Instance } from './cluster';
import { heavyReadChecks } from './heavy-reads';
import { partitionChecks, pooledIntegrationTests, replicaChecks } from './replica';

const root = path.resolve(import.meta.dirname, '../..');
const started = Date.now();
const say = (line: string) => console.log(`[cluster ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function check(condition: boolean, claim: string, detail = ''): void {
  if (!condition) throw new Error(`FAILED: ${claim}${detail ? ` — ${detail}` : ''}`);
  say(`ok: ${claim}`);
}

/** A browser's cookies, through HAProxy, optionally pinned to one instance (x-cluster-pin). */
class Browser {
  private cookies = new Map<string, string>();
  constructor(private readonly url: string) {}

  async request(pathname: string, init: RequestInit & { pin?: string } = {}) {
    const headers = new Headers(init.headers);
    headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    headers.set('origin', this.url);
    if (init.pin) headers.set('x-cluster-pin', init.pin);
    const response = await fetch(new URL(pathname, this.url), { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const value = pair!.slice(at + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(pair!.slice(0, at).trim());
      else this.cookies.set(pair!.slice(0, at).trim(), value);
    }
    return { status: response.status, servedBy: response.headers.get('x-served-by') ?? '?', body: await response.text() };
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Another browser holding the same cookies (a copy an attacker or a second tab kept). */
  copy(): Browser {
    const other = new Browser(this.url);
    other.cookies = new Map(this.cookies);
    return other;
  }

  async csrf(pin?: string): Promise<string> {
    return (JSON.parse((await this.request('/api/auth/csrf', { pin })).body) as { csrfToken: string }).csrfToken;
  }

  async signIn(email: string, password: string, pin?: string) {
    const csrfToken = await this.csrf(pin);
    return this.request('/api/auth/callback/credentials', {
      method: 'POST',
      pin,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password, csrfToken, callbackUrl: '/memories', json: 'true' }),
    });
  }

  async signOut(pin?: string) {
    const csrfToken = await this.csrf(pin);
    return this.request('/api/auth/signout', {
      method: 'POST',
      pin,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, callbackUrl: '/signin', json: 'true' }),
    });
  }

  mutate(procedure: string, input: unknown, pin?: string) {
    return this.request(`/api/trpc/${procedure}`, {
      method: 'POST',
      pin,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
  }

  query(procedure: string, pin?: string) {
    return this.request(`/api/trpc/${procedure}`, { pin });
  }
}

/** A burst of diagnostics batches: `callers` at once for `ms`, each batch tagged with its own runId. */
async function burst(url: string, sender: Sender, callers: number, ms: number, during?: () => Promise<void>) {
  const acknowledged: string[] = [];
  const failed: string[] = [];
  const unanswered: string[] = [];
  const until = Date.now() + ms;
  let n = 0;
  const caller = async () => {
    while (Date.now() < until) {
      const runId = `burst-${randomBytes(6).toString('hex')}-${(n += 1)}`;
      const at = new Date().toISOString();
      const body = [1, 2, 3].map(() => ({
        type: 'memory.written',
        at,
        tenantRef: sender.tenantRef,
        runId,
        scope: `tenant:${sender.tenantRef}`,
        chars: 40,
      }));
      try {
        const response = await fetch(new URL('/api/runtime/events', url), {
          method: 'POST',
          headers: { authorization: `Bearer ${sender.secret}`, 'content-type': 'application/json', 'idempotency-key': runId },
          body: JSON.stringify(body),
        });
        await response.text();
        if (response.status >= 200 && response.status < 300) acknowledged.push(runId);
        else failed.push(`${response.status}`);
      } catch (error) {
        unanswered.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all([...Array.from({ length: callers }, caller), during?.()]);
  return { acknowledged, failed, unanswered, seconds: ms / 1000 };
}

/**
 * Requests per second of one cheap signed-in read, 4 callers per browser at once for `ms`: a
 * session has 8 fair-share slots per instance (server/http/request-slots.ts), so no caller is
 * refused for its share even when all land on one instance.
 */
async function throughput(browsers: Browser[], ms: number, pin?: string): Promise<{ rps: number; errors: string[] }> {
  const until = Date.now() + ms;
  let done = 0;
  const errors: string[] = [];
  await Promise.all(
    browsers.flatMap((browser) =>
      Array.from({ length: 4 }, async () => {
        while (Date.now() < until) {
          const { status, servedBy } = await browser.query('account.sessions', pin);
          if (status === 200) done += 1;
          else errors.push(`${servedBy}:${status}`);
        }
      }),
    ),
  );
  return { rps: done / (ms / 1000), errors };
}

async function waitStatus(cluster: Cluster, name: string, wanted: string, timeoutMs: number): Promise<number> {
  const from = Date.now();
  while (Date.now() - from < timeoutMs) {
    const status = await cluster.haproxyStatus().catch(() => ({}) as Record<string, string>);
    if (status[name]?.startsWith(wanted)) return Date.now() - from;
    await sleep(250);
  }
  throw new Error(`FAILED: HAProxy did not see ${name} ${wanted} within ${timeoutMs / 1000} s`);
}

async function countEvents(db: pg.Client, runIds: string[]): Promise<number> {
  const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM runtime_event WHERE "runId" = ANY($1::text[])`, [runIds]);
  return Number(rows[0]!.n);
}

/** `[jobs] ran <kind> due <time> on <runner>` lines of every instance: runs per (kind, due time). */
function jobRuns(instances: Instance[]): Map<string, string[]> {
  const runs = new Map<string, string[]>();
  for (const instance of instances) {
    for (const match of instance.log.matchAll(/\[jobs\] ran (\S+) due (\S+) on (\S+)/g)) {
      const key = `${match[1]} ${match[2]}`;
      runs.set(key, [...(runs.get(key) ?? []), instance.name]);
    }
  }
  return runs;
}

async function main(cluster: Cluster) {
  for (const port of [...Object.values(PORTS), ...CONSOLE_PORTS]) await checkPortFree(port, '127.0.0.1');
  if (needsBuild(root)) {
    say('building (the production build is missing or older than the sources)…');
    const build = spawnSync(path.join(root, 'node_modules', '.bin', 'next'), ['build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the build failed');
  }
  cluster.startPostgres();
  cluster.startPgBouncer();
  const figures: string[] = [];

  // Receives the alert webhook; counts deliveries per alert and event.
  const deliveries: string[] = [];
  const receiver: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const parsed = JSON.parse(body) as { event: string; alert: { id: string } };
      deliveries.push(`${parsed.event} ${parsed.alert.id}`);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(PORTS.webhook, '127.0.0.1', resolve));

  try {
    for (const instance of cluster.instances) cluster.startConsole(instance);
    await Promise.all(cluster.instances.map((instance) => cluster.waitReady(instance)));
    cluster.startHaproxy();
    for (const instance of cluster.instances) await waitStatus(cluster, instance.name, 'UP', 15_000);
    say(`PgBouncer :${PORTS.pgbouncer} (transaction mode), consoles :${CONSOLE_PORTS.join(', :')}, HAProxy :${PORTS.haproxy} — all up`);
    const db = new pg.Client({ connectionString: cluster.directUrl });
    await db.connect();
    const ready = JSON.parse(await (await fetch(`http://127.0.0.1:${CONSOLE_PORTS[0]}/api/health/ready`)).text()) as {
      replica?: { lagBytes?: number };
    };
    check(typeof ready.replica?.lagBytes === 'number', `readiness reports the replica's lag (${JSON.stringify(ready.replica)})`);

    const allUp = () => Promise.all(cluster.instances.map((instance) => waitStatus(cluster, instance.name, 'UP', 30_000)));

    // 1. A session made on one instance works on the others; signing out on one ends it on all.
    const bob = new Browser(cluster.url);
    const signedIn = await bob.signIn('bob@example.com', 'demo', 'c1');
    check(signedIn.status === 200, 'bob signs in on c1', `${signedIn.status} ${signedIn.body}`);
    await allUp();
    const reads = await Promise.all(['c1', 'c2', 'c3'].map((pin) => bob.query('account.sessions', pin)));
    check(
      reads.every((read) => read.status === 200) && new Set(reads.map((read) => read.servedBy)).size === 3,
      'the session works on c1, c2 and c3',
      reads.map((read) => `${read.servedBy}:${read.status}`).join(' '),
    );
    const roundRobin = await Promise.all([1, 2, 3, 4, 5, 6].map(() => bob.query('account.sessions')));
    check(new Set(roundRobin.map((read) => read.servedBy)).size === 3, 'round robin spreads requests over the three instances');
    const bobAgain = new Browser(cluster.url);
    await allUp();
    await bobAgain.signIn('bob@example.com', 'demo', 'c2');
    const kept = bobAgain.copy();
    check((await kept.query('account.sessions', 'c3')).status === 200, 'a second session of bob, made on c2, works on c3');
    const out = await bobAgain.signOut('c2');
    check(out.status === 200, 'the second session signs out on c2', String(out.status));
    const after = await Promise.all(['c1', 'c2', 'c3'].map((pin) => kept.query('account.sessions', pin)));
    check(
      after.every((read) => read.status === 401) && new Set(after.map((read) => read.servedBy)).size === 3,
      'its cookie, kept, is refused on c1, c2 and c3 at the next request',
      after.map((read) => `${read.servedBy}:${read.status}`).join(' '),
    );
    // The signed-out session's cookie, kept by hand, is refused everywhere at the next request.
    const revokedSid = (await db.query<{ n: string }>(`SELECT count(*) AS n FROM user_session WHERE "revokedAt" IS NOT NULL`)).rows[0]!.n;
    check(Number(revokedSid) >= 1, 'the sign-out ended the session in the database');

    // 2. The sign-in throttle counts across instances.
    const mallory = new Browser(cluster.url);
    await allUp();
    const wrong = [];
    for (let i = 0; i < 5; i += 1) wrong.push(await mallory.signIn('alice@example.com', `wrong-${i}`, `c${(i % 3) + 1}`));
    check(
      wrong.every((attempt) => attempt.status === 401) && new Set(wrong.map((attempt) => attempt.servedBy)).size === 3,
      '5 wrong passwords for alice over c1, c2, c3 are each refused',
      wrong.map((attempt) => `${attempt.servedBy}:${attempt.status}`).join(' '),
    );
    const sixth = await mallory.signIn('alice@example.com', 'demo');
    check(sixth.status === 429, 'the 6th sign-in for alice, right password, is throttled (429)', `${sixth.servedBy}:${sixth.status}`);

    // 3. Two administrators on two instances race the same fact: one 200, one 409.
    const gina = new Browser(cluster.url);
    check((await gina.signIn('gina@example.com', 'demo', 'c2')).status === 200, 'gina signs in on c2');
    const created = await bob.mutate(
      'facts.save',
      { scope: 'tenant:berlin', key: 'cluster-race', text: 'Start.', expectedVersion: 0 },
      'c1',
    );
    check(created.status === 200, 'bob creates the fact', `${created.status} ${created.body.slice(0, 300)}`);
    check(
      /^[0-9A-F]+\/[0-9A-F]+$/.test(decodeURIComponent(bob.cookie('mc_wal') ?? '')),
      `bob's write gives his browser its WAL position for the replica (${bob.cookie('mc_wal')}, URL-encoded as cookies are)`,
    );
    await allUp();
    const race = await Promise.all([
      bob.mutate('facts.save', { scope: 'tenant:berlin', key: 'cluster-race', text: 'Bob was here.', expectedVersion: 1 }, 'c1'),
      gina.mutate('facts.save', { scope: 'tenant:berlin', key: 'cluster-race', text: 'Gina was here.', expectedVersion: 1 }, 'c3'),
    ]);
    check(
      race
        .map((answer) => answer.status)
        .sort()
        .join(',') === '200,409' && race[0]!.servedBy !== race[1]!.servedBy,
      'bob on c1 and gina on c3 save one fact at one version: one 200, one 409',
      race.map((answer) => `${answer.servedBy}:${answer.status}`).join(' '),
    );

    // 4. A webhook for one alert is delivered once.
    const hook = await bob.mutate('webhooks.save', { tenantRef: 'berlin', url: `http://127.0.0.1:${PORTS.webhook}/hook` }, 'c1');
    check(hook.status === 200, 'bob points Berlin alerts at a local receiver', `${hook.status} ${hook.body.slice(0, 300)}`);
    const [operator] = await createDemoTokens(cluster.url, 'olga@example.com', 'demo', ['berlin']);
    await db
      .query(`UPDATE alert SET "resolvedAt" = now(), state = 'resolved' WHERE "tenantRef" = 'berlin' AND "resolvedAt" IS NULL`)
      .catch(() => {});
    const dropped = await fetch(new URL('/api/runtime/events', cluster.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${operator!.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify([
        {
          type: 'memory.resolved',
          at: new Date().toISOString(),
          tenantRef: 'berlin',
          scopes: ['actor:u1', 'tenant:berlin', 'global'],
          offered: 5,
          omitted: 2,
          pinnedOmitted: 1,
          recalled: 0,
          promptChars: 900,
        },
      ]),
    });
    check(dropped.status < 300, 'a turn that dropped a pinned policy is posted', String(dropped.status));

    // 5. Recurring jobs run once per due time across the three (JOB_EVERY_SECONDS: every 3 and 5 s).
    await sleep(12_000);
    const opened = deliveries.filter((delivery) => delivery.startsWith('alert.opened'));
    check(opened.length === 1, 'the alert webhook was delivered exactly once', deliveries.join(', ') || 'none');
    let runs = jobRuns(cluster.instances);
    const twice = [...runs].filter(([, by]) => by.length > 1);
    check(
      runs.size >= 4 && twice.length === 0,
      `recurring jobs ran ${runs.size} times, once per due time`,
      twice.map(([key, by]) => `${key}: ${by}`).join('; '),
    );
    figures.push(
      `job runs per due time: 1 (${runs.size} due times; by instance ${cluster.instances.map((instance) => `${instance.name} ${[...runs.values()].filter((by) => by[0] === instance.name).length}`).join(', ')})`,
    );

    // 6. Requests per second, one instance (pinned) and three (round robin).
    const hana = new Browser(cluster.url);
    check((await hana.signIn('hana@example.com', 'demo')).status === 200, 'hana signs in');
    const readers = [bob, gina, hana];
    await throughput(readers, 2_000);
    const one = await throughput(readers, 8_000, 'c1');
    const three = await throughput(readers, 8_000);
    check(
      one.errors.length === 0 && three.errors.length === 0,
      'the throughput runs answered every request',
      [...one.errors, ...three.errors].slice(0, 5).join(' '),
    );
    figures.push(
      `requests/s (signed-in tRPC read, 12 callers over 3 sessions): 1 instance ${one.rps.toFixed(0)}, 3 instances ${three.rps.toFixed(0)} (ratio ${(three.rps / one.rps).toFixed(2)})`,
    );

    // 7. SIGKILL one instance mid-burst: no acknowledged write lost; HAProxy takes it out and back in.
    const victim = cluster.instances[1]!;
    let outMs = 0;
    let killedAt = Date.now();
    const killed = await burst(cluster.url, operator!, 8, 8_000, async () => {
      await sleep(2_500);
      victim.process!.kill('SIGKILL');
      killedAt = Date.now();
      outMs = await waitStatus(cluster, victim.name, 'DOWN', 10_000);
    });
    const stored = await countEvents(db, killed.acknowledged);
    check(
      stored === killed.acknowledged.length * 3,
      `SIGKILL c2 mid-burst: ${killed.acknowledged.length} acknowledged batches, every one of their events stored`,
      `${stored} of ${killed.acknowledged.length * 3}`,
    );
    figures.push(
      `SIGKILL mid-burst: ${killed.acknowledged.length} acknowledged, ${killed.failed.length + killed.unanswered.length} not acknowledged (${[...new Set([...killed.failed, ...killed.unanswered])].join(', ') || 'none'}), events lost: ${killed.acknowledged.length * 3 - stored}; HAProxy took c2 out after ${(outMs / 1000).toFixed(1)} s`,
    );
    victim.log += '\n[restarted]\n';
    cluster.startConsole(victim);
    const inMs = await waitStatus(cluster, victim.name, 'UP', 120_000);
    const back = await Promise.all([1, 2, 3, 4, 5, 6].map(() => bob.query('account.sessions')));
    check(
      back.some((read) => read.servedBy === 'c2' && read.status === 200),
      `HAProxy took c2 back in (${(inMs / 1000).toFixed(1)} s after its restart began)`,
    );

    // 8. SIGTERM one instance mid-burst: not one failed request, and it exits within 10 s.
    const stopping = cluster.instances[2]!;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    let exitMs = 0;
    let readyWhileDraining = 0;
    let aliveWhileDraining = '';
    const drained = await burst(cluster.url, operator!, 8, 8_000, async () => {
      await sleep(2_000);
      const at = Date.now();
      stopping.process!.kill('SIGTERM');
      // Asked directly, while it drains: not ready, still alive.
      await sleep(300);
      const direct = `http://127.0.0.1:${stopping.port}`;
      readyWhileDraining = (await fetch(`${direct}/api/health/ready`)).status;
      aliveWhileDraining = await (await fetch(`${direct}/api/health`)).text();
      exit = await stopping.exited!;
      exitMs = Date.now() - at;
    });
    const drainedStored = await countEvents(db, drained.acknowledged);
    check(
      drained.failed.length === 0 && drained.unanswered.length === 0 && drainedStored === drained.acknowledged.length * 3,
      `SIGTERM c3 mid-burst: all ${drained.acknowledged.length} requests acknowledged and stored, none failed`,
      [...drained.failed, ...drained.unanswered].slice(0, 5).join(', '),
    );
    check(
      readyWhileDraining === 503 && aliveWhileDraining === '{"status":"ok","draining":true}',
      'while c3 drains, /api/health/ready answers 503 and /api/health 200 (draining)',
      `${readyWhileDraining} ${aliveWhileDraining}`,
    );
    check(exit!.code === 0 && exitMs < 10_000, `c3 stopped cleanly in ${(exitMs / 1000).toFixed(1)} s (exit code ${exit!.code})`);
    figures.push(
      `SIGTERM mid-burst: ${drained.acknowledged.length} acknowledged, 0 failed, events lost: 0; exit after ${(exitMs / 1000).toFixed(1)} s`,
    );

    // Jobs once more, with one instance killed and one stopped on the way: they kept running, and
    // still at most once per due time.
    runs = jobRuns(cluster.instances);
    const afterKill = [...runs.keys()].filter((key) => Date.parse(key.split(' ')[1]!) > killedAt);
    check(afterKill.length >= 3, `recurring jobs kept running after the kill (${afterKill.length} runs due since)`);
    const again = [...runs].filter(([, by]) => by.length > 1);
    check(
      again.length === 0,
      `no recurring job ran twice for one due time over the whole run (${runs.size} runs)`,
      again.map(([key]) => key).join('; '),
    );
    await db.end();

    // 9. The read replica with replay paused, the heavy reads' routing through the app's procedures
    // and audit export (heavy-reads.ts), the partitions through PgBouncer, and the integration tests
    // of the app's queries once more through PgBouncer (scripts/cluster/replica.ts).
    await replicaChecks(cluster, check, figures);
    await heavyReadChecks(cluster, check, figures);
    await partitionChecks(cluster, check);
    figures.push(`integration tests through PgBouncer: ${((await pooledIntegrationTests(cluster, root, check)) / 1000).toFixed(0)} s`);

    console.log('\nCluster figures (2 shared cores: 1 vs 3 instances measures contention, not scale-out):');
    for (const line of figures) console.log(`  ${line}`);
  } finally {
    receiver.close();
  }
}

const cluster = new Cluster(say);
let stopping: Promise<void> | null = null;
const stopAll = () => (stopping ??= cluster.stop());
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    say(`${signal}: stopping the cluster`);
    void stopAll().then(() => process.exit(1));
  });
}
main(cluster)
  .then(async () => {
    await stopAll();
    say(`passed in ${((Date.now() - started) / 1000).toFixed(0)} s; cluster stopped and removed`);
    process.exit(0);
  })
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    for (const instance of cluster.instances) console.error(`--- ${instance.name} log tail ---\n${instance.log.slice(-1500)}`);
    console.error(`--- HAProxy ---\n${await cluster.haproxyCsv().catch(() => 'not answering')}`);
    await stopAll();
    process.exit(1);
  });
