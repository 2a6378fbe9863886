// Alert webhooks end to end (README "Alert webhooks"): an administrator sets one up through tRPC,
// a batch that drops a pinned policy opens an alert and queues a delivery, and a real receiver
// (an HTTP server on a random port) verifies the signature; a 500 is retried after the backoff,
// two runners racing send it once, the log keeps at most 1 kB of an answer, and resolving sends
// the second event. Who may configure a webhook is checked for every persona.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETRY_BASE_MS } from '../../domain';
import { handleRuntimeEvents } from '../../http/runtime-events';
import { SEED_NOW, useSeededDatabase } from '../../testing/seeded-database';
import { bearer, tokenSecret } from '../../testing/runtime-tokens';
import { errorOf } from '../../testing/trpc-error';
import { resolveAlert } from '../alerts/resolve-alert';
import { serviceContext } from '../context';
import { runDueJobs } from '../jobs/run-due-jobs';
import { jobHandlers } from '../../jobs/job-handlers';

const db = useSeededDatabase();
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

const handlers = jobHandlers({ RUNTIME_EVENT_RETENTION_DAYS: 14, ALERT_QUIET_MINUTES: 60 });
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
    ['hana@example.com', 'berlin', 'FORBIDDEN'],
    ['bob@example.com', 'hamburg', 'NOT_FOUND'],
    ['olga@example.com', 'hamburg', 'FORBIDDEN'],
  ])('%s on %s → %s', async (who, tenantRef, code) => {
    const caller = await db.callerAs(who);
    expect((await errorOf(caller.webhooks.save({ tenantRef, url: 'https://hooks.example.com/' }))).code).toBe(code);
    expect((await errorOf(caller.webhooks.get({ tenantRef }))).code).toBe(code);
    expect(await db.prisma.alertWebhook.count({ where: { tenantRef } })).toBe(0);
  });

  it('refuses a plain http URL away from localhost, naming the field', async () => {
    const error = await errorOf((await db.callerAs('bob@example.com')).webhooks.save({ tenantRef: 'berlin', url: 'http://hooks.example.com/' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toMatch(/https/);
  });
});

describe('alert deliveries', () => {
  it('signs, retries after a 500, sends once with two runners racing, and sends the resolution', async () => {
    const bob = await db.callerAs('bob@example.com');
    const saved = await bob.webhooks.save({ tenantRef: 'berlin', url });
    expect(saved.secret).toMatch(/^whsec_/);
    expect(await db.prisma.auditEvent.count({ where: { action: 'webhook.saved', tenantRef: 'berlin' } })).toBe(1);
    await db.prisma.alert.updateMany({ where: { tenantRef: 'berlin' }, data: { state: 'resolved' } });

    const token = (await tokenSecret(db, 'olga@example.com', 'berlin', ['events:write'])).secret;
    const turn = { type: 'memory.resolved', at: SEED_NOW.toISOString(), tenantRef: 'berlin', scopes: ['tenant:berlin'], offered: 4, omitted: 2, pinnedOmitted: 1, recalled: 1, promptChars: 900 };
    const ingest = await handleRuntimeEvents(bearer(token, { method: 'POST', body: JSON.stringify([turn]) }), { prisma: db.prisma, allowedOrigin: 'http://localhost', deps: { now: () => SEED_NOW } });
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
    expect(JSON.parse(received[1]!.body)).toMatchObject({ event: 'alert.opened', alert: { id: alert.id, tenant: 'berlin', state: 'open', occurrences: 1 } });

    await db.prisma.$transaction((tx) => resolveAlert({ ctx: { ...db.ctx, db: tx }, input: { id: alert.id, by: null, reason: 'quiet' } }));
    await runners(RETRY_BASE_MS * 20);
    await runners(RETRY_BASE_MS * 20);
    expect(received).toHaveLength(3);
    expect(JSON.parse(received[2]!.body)).toMatchObject({ event: 'alert.resolved', alert: { id: alert.id, state: 'resolved' } });
    expect(verify(saved.secret!, received[2]!)).toBe(true);
  });
});
