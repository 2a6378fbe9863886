// POST /api/runtime/events with the diagnostics as the reference library emits them
// (docs/runtime-api.md "Runtime diagnostics"): the envelope `{ v, ts, lib, event, traceId?, payload }`
// unchanged, a count of scopes, `recalled` as a boolean, no tenant and no date — over the route's
// handler on a real database, with every refusal naming its field and storing nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { SEED_NOW, useSeededDatabase } from '../testing/seeded-database';
import { bearer, tokenSecret } from '../testing/runtime-tokens';
import { RUNTIME_ROUTES } from './runtime-routes';

const db = useSeededDatabase();
let berlin: string;
let hamburg: string;

beforeAll(async () => {
  berlin = (await tokenSecret(db, 'olga@example.com', 'berlin', ['events:write'])).secret;
  hamburg = (await tokenSecret(db, 'olga@example.com', 'hamburg', ['events:write'])).secret;
});

// A minute of its own, far from the seeded diagnostics' minutes, so its rollup holds only what a test sent.
const minuteStart = (hoursAgo: number) => new Date(Math.floor((SEED_NOW.getTime() - hoursAgo * 3_600_000) / 60_000) * 60_000);

function post(secret: string, body: unknown): Promise<Response> {
  return RUNTIME_ROUTES.events(bearer(secret, { method: 'POST', body: JSON.stringify(body) }), {
    prisma: db.prisma,
    sql: db.pool,
    allowedOrigin: 'http://localhost',
    deps: { now: () => SEED_NOW },
  });
}

/** memory.resolved exactly as the library publishes it. */
const resolvedEnvelope = (ts: string | number | undefined, payload: Record<string, unknown> = {}) => ({
  v: 1,
  ...(ts === undefined ? {} : { ts }),
  lib: '@dudousxd/nestjs-agent@0.9.0',
  event: 'memory.resolved',
  traceId: 'trace_1',
  payload: { runId: 'run_env', scopes: 4, offered: 6, omitted: 1, pinnedOmitted: 0, recalled: true, promptChars: 1_200, ...payload },
});

const writtenEnvelope = (ts: string | number, payload: Record<string, unknown> = {}) => ({
  v: 1,
  ts,
  lib: '@dudousxd/nestjs-agent@0.9.0',
  event: 'memory.written',
  payload: { runId: 'run_env', scope: 'actor:u1', chars: 40, ...payload },
});

const counts = async () => ({
  events: await db.prisma.runtimeEvent.count(),
  rollups: await db.prisma.metricRollup.count(),
  writes: await db.prisma.metricRollupWrite.count(),
  alerts: await db.prisma.alert.count(),
});

type Problems = { error: { code: string; items: { index: number; field: string; message: string }[] } };

describe('POST /api/runtime/events with the reference library’s envelope', () => {
  it('stores envelopes unchanged: the token’s tenant, ts as at, a count of scopes, recalled as turns that recalled', async () => {
    const minute = minuteStart(5);
    const ts = (second: number) => new Date(minute.getTime() + second * 1000);
    const batch = [
      resolvedEnvelope(ts(1).toISOString(), { recalled: true }),
      resolvedEnvelope(ts(2).getTime(), { recalled: false, runId: 'run_ms' }),
      // The console's own shape alongside, with a count: adds to "recalled" and to the turns that recalled.
      {
        type: 'memory.resolved',
        at: ts(3).toISOString(),
        scopes: ['actor:u1', 'global'],
        offered: 2,
        omitted: 0,
        pinnedOmitted: 0,
        recalled: 3,
        promptChars: 400,
      },
      writtenEnvelope(ts(4).toISOString()),
    ];
    const response = await post(berlin, batch);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: 4, resolved: 3, written: 1 });

    const raw = await db.prisma.runtimeEvent.findMany({
      where: { at: { gte: minute, lt: new Date(minute.getTime() + 60_000) } },
      orderBy: { at: 'asc' },
    });
    expect(
      raw.map(({ type, at, tenantRef, runId, scopes, recalled, scope, chars }) => ({
        type,
        at,
        tenantRef,
        runId,
        scopes,
        recalled,
        scope,
        chars,
      })),
    ).toEqual([
      { type: 'memory_resolved', at: ts(1), tenantRef: 'berlin', runId: 'run_env', scopes: [], recalled: null, scope: null, chars: null },
      { type: 'memory_resolved', at: ts(2), tenantRef: 'berlin', runId: 'run_ms', scopes: [], recalled: null, scope: null, chars: null },
      {
        type: 'memory_resolved',
        at: ts(3),
        tenantRef: 'berlin',
        runId: null,
        scopes: ['actor:u1', 'global'],
        recalled: 3,
        scope: null,
        chars: null,
      },
      {
        type: 'memory_written',
        at: ts(4),
        tenantRef: 'berlin',
        runId: 'run_env',
        scopes: [],
        recalled: null,
        scope: 'actor:u1',
        chars: 40,
      },
    ]);
    // What the envelope carried besides its payload is kept: the library, the envelope's version, the
    // trace, and a count of scopes (NULL for a list and for the flat shape, which has no envelope).
    expect(raw.map(({ lib, envelopeVersion, traceId, scopeCount }) => ({ lib, envelopeVersion, traceId, scopeCount }))).toEqual([
      { lib: '@dudousxd/nestjs-agent@0.9.0', envelopeVersion: 1, traceId: 'trace_1', scopeCount: 4 },
      { lib: '@dudousxd/nestjs-agent@0.9.0', envelopeVersion: 1, traceId: 'trace_1', scopeCount: 4 },
      { lib: null, envelopeVersion: null, traceId: null, scopeCount: null },
      { lib: '@dudousxd/nestjs-agent@0.9.0', envelopeVersion: 1, traceId: null, scopeCount: null },
    ]);
    // Prisma reads a NULL list as []: the column itself tells a count (NULL) from a list.
    const unlisted = await db.prisma.$queryRaw<{ type: string }[]>`
      SELECT "type"::text FROM "runtime_event" WHERE "at" >= ${minute} AND "at" < ${new Date(minute.getTime() + 60_000)} AND "scopes" IS NULL ORDER BY "at"`;
    expect(unlisted.map((row) => row.type)).toEqual(['memory_resolved', 'memory_resolved', 'memory_written']);
    const rollup = await db.prisma.metricRollup.findUniqueOrThrow({ where: { tenantRef_minute: { tenantRef: 'berlin', minute } } });
    expect(rollup).toMatchObject({ turns: 3, offered: 14n, recalled: 3n, turnsRecalled: 2, promptChars: 2_800n });
    const write = await db.prisma.metricRollupWrite.findUniqueOrThrow({
      where: { tenantRef_minute_scopeKind: { tenantRef: 'berlin', minute, scopeKind: 'actor' } },
    });
    expect(write).toMatchObject({ writes: 1, chars: 40n });
  });

  it('dates an event without ts (or at) by its arrival, and gives it the token’s tenant', async () => {
    const before = await db.prisma.runtimeEvent.count({ where: { at: SEED_NOW } });
    const flat = { type: 'memory.written', scope: 'tenant:berlin', chars: 5 };
    const response = await post(berlin, [resolvedEnvelope(undefined), flat]);
    expect(response.status).toBe(202);
    const stored = await db.prisma.runtimeEvent.findMany({ where: { at: SEED_NOW }, orderBy: { type: 'asc' } });
    expect(stored).toHaveLength(before + 2);
    expect(stored.every((event) => event.tenantRef === 'berlin')).toBe(true);
  });

  it('opens the pinned-policy alert from a count of scopes, saying the scopes were not reported', async () => {
    await db.prisma.alert.deleteMany({ where: { tenantRef: 'hamburg' } });
    const at = new Date(SEED_NOW.getTime() - 60_000);
    const response = await post(hamburg, [
      { ...resolvedEnvelope(at.toISOString(), { pinnedOmitted: 2, scopes: 7 }), traceId: 'trace_alert' },
    ]);
    expect(response.status).toBe(202);
    const alert = await db.prisma.alert.findFirstOrThrow({ where: { tenantRef: 'hamburg', state: 'open' } });
    expect(alert.detail).toEqual({ maxPinnedOmitted: 2, scopes: [], scopesUnreported: true });
    // The alert as Operations shows it: turns that did not say whose memories they read, instead of a list.
    const shown = await (await db.callerAs('olga@example.com')).alerts.detail({ id: alert.id });
    expect(shown).toMatchObject({ scopes: [], scopesUnreported: true });
    // The turn itself keeps the count it reported, and where it came from.
    const turn = await db.prisma.runtimeEvent.findFirstOrThrow({ where: { tenantRef: 'hamburg', traceId: 'trace_alert' } });
    expect(turn).toMatchObject({ at, scopeCount: 7, lib: '@dudousxd/nestjs-agent@0.9.0', envelopeVersion: 1 });
  });

  it('refuses a memory.written at a scope that is not the token’s tenant’s — another tenant’s or nobody’s — naming the field', async () => {
    const before = await counts();
    const ts = new Date(SEED_NOW.getTime() - 30_000).toISOString();
    const response = await post(berlin, [
      writtenEnvelope(ts, { scope: 'depot:hh' }),
      writtenEnvelope(ts, { scope: 'depot:nowhere' }),
      writtenEnvelope(ts, { scope: 'actor:h1' }),
      writtenEnvelope(ts, { scope: 'global' }),
      { type: 'memory.written', at: ts, tenantRef: 'berlin', scope: 'depot:nowhere', chars: 3 },
      writtenEnvelope(ts, { scope: 'actor:u1' }),
    ]);
    expect(response.status).toBe(400);
    const body = (await response.json()) as Problems;
    expect(body.error.items).toEqual([
      { index: 0, field: 'payload.scope', message: expect.stringContaining('not a scope of tenant "berlin"') },
      { index: 1, field: 'payload.scope', message: expect.stringContaining('not a scope of tenant "berlin"') },
      { index: 2, field: 'payload.scope', message: expect.stringContaining('not a scope of tenant "berlin"') },
      { index: 3, field: 'payload.scope', message: expect.stringContaining('not a scope of tenant "berlin"') },
      { index: 4, field: 'scope', message: expect.stringContaining('not a scope of tenant "berlin"') },
    ]);
    // Another tenant's scope and one that exists nowhere are answered alike.
    expect(body.error.items[0]!.message.replace('depot:hh', 'X')).toBe(body.error.items[1]!.message.replace('depot:nowhere', 'X'));
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['another envelope version', 'v', { ...resolvedEnvelope(undefined), v: 2 }],
    ['no lib', 'lib', { ...resolvedEnvelope(undefined), lib: undefined }],
    ['an unknown event', 'event', { ...resolvedEnvelope(undefined), event: 'memory.deleted' }],
    ['a ts that is no date', 'ts', resolvedEnvelope('yesterday')],
    ['a ts in the future', 'ts', resolvedEnvelope(SEED_NOW.getTime() + 3_600_000)],
    ['a count of scopes too large', 'payload.scopes', resolvedEnvelope(undefined, { scopes: 51 })],
    ['a negative count of scopes', 'payload.scopes', resolvedEnvelope(undefined, { scopes: -1 })],
    ['recalled as a word', 'payload.recalled', resolvedEnvelope(undefined, { recalled: 'yes' })],
    ['a memory key in the payload', 'payload.key', resolvedEnvelope(undefined, { key: 'fiscal-year' })],
    ['an unknown payload field', 'payload.mood', resolvedEnvelope(undefined, { mood: 'fine' })],
    ['a tenant in the payload', 'payload.tenantRef', resolvedEnvelope(undefined, { tenantRef: 'berlin' })],
    ['an unknown envelope field', 'tenant', { ...resolvedEnvelope(undefined), tenant: 'berlin' }],
    ['no payload', 'payload', { ...resolvedEnvelope(undefined), payload: undefined }],
  ])('refuses %s with 400 naming %s, storing nothing', async (_case, field, item) => {
    const before = await counts();
    const response = await post(berlin, [resolvedEnvelope(undefined), item]);
    expect(response.status).toBe(400);
    const body = (await response.json()) as Problems;
    expect(body.error.code).toBe('INVALID');
    expect(body.error.items.map((problem) => [problem.index, problem.field])).toContainEqual([1, field]);
    expect(body.error.items.every((problem) => problem.index === 1)).toBe(true);
    expect(await counts()).toEqual(before);
  });
});
