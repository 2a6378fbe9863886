// Alert webhooks end to end (docs/operations.md "Alert webhooks"): an administrator sets one up
// through tRPC, a batch that drops a pinned policy opens an alert and queues a delivery, and a real
// receiver (an HTTP server on a random port) verifies the signature; a 500 is retried after the
// backoff, two runners racing send it once, the log keeps at most 1 kB of an answer, and resolving
// sends the second event. Who may configure a webhook is checked for every persona.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETRY_BASE_MS } from '../../domain';
import { DomainError } from '../../errors/domain-error';
import { RUNTIME_ROUTES } from '../../http/runtime-routes';
import { SEED_NOW, useSeededDatabase } from '../../testing/seeded-database';
import { bearer, tokenSecret } from '../../testing/runtime-tokens';
import { errorOf } from '../../testing/trpc-error';
import { resolveAlert } from '../alerts/resolve-alert';
import { serviceContext } from '../context';
import { runDueJobs } from '../jobs/run-due-jobs';
import { jobHandlers } from '../../jobs/job-handlers';
import { postWebhook } from './post-webhook';

const db = useSeededDatabase();
const fieldErrors = (error: { cause?: unknown }) => (error.cause instanceof DomainError ? error.cause.details.fieldErrors : undefined);
const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
const answers: number[] = [];
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(answers.shift() ?? 200, { 'content-type': 'text/plain' });
      response.end('x'.repeat(5000));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// The receiver is a plain-http server on this machine: allowed only by the development setting
// (docs/operations.md "Configuration", WEBHOOK_DEV_ALLOW=http,private), as a developer would run
// it.
const DEV = { allowHttp: true, allowPrivate: true };
const handlers = jobHandlers({ RUNTIME_EVENT_RETENTION_DAYS: 14, ALERT_QUIET_MINUTES: 60, WEBHOOK_DEV_ALLOW: DEV });
const at = (ms: number) => serviceContext(db.prisma, { now: () => new Date(SEED_NOW.getTime() + ms) });
const runners = (ms: number) => Promise.all(['a', 'b'].map((runnerId) => runDueJobs({ ctx: at(ms), input: { runnerId, handlers } })));

function verify(secret: string, delivery: (typeof received)[number]): boolean {
  const timestamp = String(delivery.headers['x-memory-console-timestamp']);
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex')}`;
  return delivery.headers['x-memory-console-signature'] === expected;
}

describe('who may configure a webhook', () => {
  it.each([
    ['alice@example.com', 'berlin', 'FORBIDDEN'],
    ['alice@example.com', 'hamburg', 'NOT_FOUND'],
    ['hana@example.com', 'hamburg', 'FORBIDDEN'],
    ['hana@example.com', 'berlin', 'NOT_FOUND'],
    ['bob@example.com', 'hamburg', 'NOT_FOUND'],
    ['olga@example.com', 'berlin', 'FORBIDDEN'],
    ['olga@example.com', 'hamburg', 'NOT_FOUND'],
  ])('%s on %s → %s', async (who, tenantRef, code) => {
    const caller = await db.callerAs(who);
    expect((await errorOf(caller.webhooks.save({ tenantRef, url: 'https://hooks.example.com/' }))).code).toBe(code);
    expect((await errorOf(caller.webhooks.get({ tenantRef }))).code).toBe(code);
    expect(await db.prisma.alertWebhook.count({ where: { tenantRef } })).toBe(0);
  });

  it('refuses a plain http URL, naming the field', async () => {
    const error = await errorOf(
      (await db.callerAs('bob@example.com')).webhooks.save({ tenantRef: 'berlin', url: 'http://hooks.example.com/' }),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toMatch(/https/);
    expect(fieldErrors(error)).toEqual([{ field: 'url', message: error.message }]);
  });

  it.each([
    ['https://localhost/hook', /loopback/],
    ['https://127.0.0.1:8443/hook', /loopback/],
    ['https://[::ffff:127.0.0.1]/hook', /loopback/],
    ['https://10.0.0.8/hook', /private network/],
    ['https://169.254.169.254/latest/meta-data', /link-local/],
    ['https://[fd00::5]/hook', /unique-local/],
    ['https://100.100.0.1/hook', /carrier-grade/],
  ])('refuses %s by default, naming the field, and stores nothing', async (address, reason) => {
    const error = await errorOf((await db.callerAs('bob@example.com')).webhooks.save({ tenantRef: 'berlin', url: address }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toMatch(reason);
    expect(fieldErrors(error)?.[0]?.field).toBe('url');
    expect(await db.prisma.alertWebhook.count({ where: { tenantRef: 'berlin' } })).toBe(0);
  });

  it('accepts a local http receiver only with the development setting', async () => {
    const strict = await errorOf(
      (await db.callerAs('bob@example.com', { webhookPolicy: { allowHttp: true, allowPrivate: false } })).webhooks.save({
        tenantRef: 'berlin',
        url,
      }),
    );
    expect(strict.message).toMatch(/loopback/);
    const saved = await (await db.callerAs('bob@example.com', { webhookPolicy: DEV })).webhooks.save({ tenantRef: 'berlin', url });
    expect(saved.url).toBe(url);
    await (await db.callerAs('bob@example.com')).webhooks.delete({ tenantRef: 'berlin' });
  });
});

describe('alert deliveries', () => {
  it('signs, retries after a 500, sends once with two runners racing, and sends the resolution', async () => {
    const bob = await db.callerAs('bob@example.com', { webhookPolicy: DEV });
    const audited = () => db.prisma.auditEvent.count({ where: { action: 'webhook.saved', tenantRef: 'berlin' } });
    const auditedBefore = await audited();
    const saved = await bob.webhooks.save({ tenantRef: 'berlin', url });
    expect(saved.secret).toMatch(/^whsec_/);
    expect(await audited()).toBe(auditedBefore + 1);
    await db.prisma.alert.updateMany({ where: { tenantRef: 'berlin' }, data: { state: 'resolved' } });

    const token = (await tokenSecret(db, 'olga@example.com', 'berlin', ['events:write'])).secret;
    const turn = {
      type: 'memory.resolved',
      at: SEED_NOW.toISOString(),
      tenantRef: 'berlin',
      scopes: ['tenant:berlin'],
      offered: 4,
      omitted: 2,
      pinnedOmitted: 1,
      recalled: 1,
      promptChars: 900,
    };
    const ingest = await RUNTIME_ROUTES.events(bearer(token, { method: 'POST', body: JSON.stringify([turn]) }), {
      prisma: db.prisma,
      allowedOrigin: 'http://localhost',
      deps: { now: () => SEED_NOW },
    });
    expect(ingest.status).toBe(202);
    const alert = await db.prisma.alert.findFirstOrThrow({ where: { tenantRef: 'berlin', state: 'open' } });

    answers.push(500);
    await runners(0);
    expect(received).toHaveLength(1);
    let log = (await bob.webhooks.get({ tenantRef: 'berlin' })).deliveries;
    expect(log).toMatchObject([{ alertId: alert.id, event: 'alert.opened', status: 'retrying', attempts: 1, lastResponseCode: 500 }]);
    expect(log[0]!.nextTryAt).toBe(new Date(SEED_NOW.getTime() + RETRY_BASE_MS).toISOString());
    expect((await db.prisma.webhookDelivery.findFirstOrThrow()).lastResponse).toHaveLength(1024);

    await runners(RETRY_BASE_MS - 1);
    expect(received).toHaveLength(1);
    await runners(RETRY_BASE_MS);
    await runners(RETRY_BASE_MS * 10);
    expect(received).toHaveLength(2);
    log = (await bob.webhooks.get({ tenantRef: 'berlin' })).deliveries;
    expect(log).toMatchObject([{ status: 'delivered', attempts: 2, lastResponseCode: 200, nextTryAt: null }]);
    for (const delivery of received) expect(verify(saved.secret!, delivery)).toBe(true);
    expect(verify('whsec_wrong', received[1]!)).toBe(false);
    expect(JSON.parse(received[1]!.body)).toMatchObject({
      event: 'alert.opened',
      alert: { id: alert.id, tenant: 'berlin', state: 'open', occurrences: 1 },
    });

    await db.prisma.$transaction((tx) => resolveAlert({ ctx: { ...db.ctx, db: tx }, input: { id: alert.id, by: null, reason: 'quiet' } }));
    await runners(RETRY_BASE_MS * 20);
    await runners(RETRY_BASE_MS * 20);
    expect(received).toHaveLength(3);
    expect(JSON.parse(received[2]!.body)).toMatchObject({ event: 'alert.resolved', alert: { id: alert.id, state: 'resolved' } });
    expect(verify(saved.secret!, received[2]!)).toBe(true);
  });
});

describe('the address is checked again at delivery, after DNS', () => {
  const port = () => new URL(url).port;
  const send = (target: string, policy: { allowHttp: boolean; allowPrivate: boolean }, addresses: string[]) =>
    postWebhook({
      url: target,
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
      timeoutMs: 5_000,
      policy,
      resolve: async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    });

  it('refuses a name that resolves to a private address (a rebinding DNS answer), sending nothing', async () => {
    const before = received.length;
    for (const addresses of [['127.0.0.1'], ['93.184.216.34', '10.0.0.1'], ['::ffff:127.0.0.1'], ['169.254.169.254']]) {
      const result = await send(`http://hooks.example.com:${port()}/hook`, { allowHttp: true, allowPrivate: false }, addresses);
      expect(result.code).toBeNull();
      expect(result.error).toMatch(/^Not sent: hooks\.example\.com resolves to a refused address/);
    }
    expect(received).toHaveLength(before);
  });

  it('connects to the address it checked: the same name reaches the local receiver once private addresses are allowed', async () => {
    const before = received.length;
    const result = await send(`http://hooks.example.com:${port()}/hook`, DEV, ['127.0.0.1']);
    expect(result).toMatchObject({ code: 200, error: null });
    expect(received).toHaveLength(before + 1);
  });

  it('refuses a saved URL the current rules no longer allow (an IP literal, or http)', async () => {
    const before = received.length;
    expect((await send(url, { allowHttp: true, allowPrivate: false }, [])).error).toMatch(/^Not sent: .*loopback/);
    expect((await send(url, { allowHttp: false, allowPrivate: true }, [])).error).toMatch(/^Not sent: .*https/);
    expect(received).toHaveLength(before);
  });

  it('records a refused delivery in the log and retries it like any failure', async () => {
    const bob = await db.callerAs('bob@example.com', { webhookPolicy: DEV });
    await bob.webhooks.save({ tenantRef: 'berlin', url });
    await db.prisma.alert.updateMany({ where: { tenantRef: 'berlin' }, data: { state: 'resolved' } });
    const token = (await tokenSecret(db, 'olga@example.com', 'berlin', ['events:write'])).secret;
    const turn = {
      type: 'memory.resolved',
      at: SEED_NOW.toISOString(),
      tenantRef: 'berlin',
      scopes: ['tenant:berlin'],
      offered: 4,
      omitted: 2,
      pinnedOmitted: 1,
      recalled: 1,
      promptChars: 900,
    };
    const ingest = await RUNTIME_ROUTES.events(bearer(token, { method: 'POST', body: JSON.stringify([turn]) }), {
      prisma: db.prisma,
      allowedOrigin: 'http://localhost',
      deps: { now: () => SEED_NOW },
    });
    expect(ingest.status).toBe(202);
    const before = received.length;
    const strictHandlers = jobHandlers({ RUNTIME_EVENT_RETENTION_DAYS: 14, ALERT_QUIET_MINUTES: 60 });
    await runDueJobs({ ctx: at(RETRY_BASE_MS * 100), input: { runnerId: 'strict', handlers: strictHandlers } });
    expect(received).toHaveLength(before);
    const log = (await bob.webhooks.get({ tenantRef: 'berlin' })).deliveries.filter((delivery) => delivery.status === 'retrying');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ event: 'alert.opened', attempts: 1, lastResponseCode: null });
    expect(log[0]!.lastError).toMatch(/^Not sent: .*https/);
  });
});
