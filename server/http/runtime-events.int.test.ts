// POST /api/runtime/events (docs/runtime-api.md "Runtime diagnostics") through its Next-independent
// handler on a real database: all-or-nothing batches, rollups equal to a recount of the raw events,
// tenant binding, revoked tokens, content refusal, idempotent retries and racing batches.
import { beforeAll, describe, expect, it } from 'vitest';
import { PROMPT_CHARS_BUCKETS, promptCharsBucket } from '../domain';
import { SEED_NOW, useSeededDatabase } from '../testing/seeded-database';
import { bearer, tokenSecret } from '../testing/runtime-tokens';
import { testBackend } from '../testing/test-database';
import { ALERT_LOCK } from '../services/diagnostics/lock-pinned-alerts';
import { RUNTIME_EVENTS_BODY_LIMIT_BYTES } from './runtime-events';
import { RUNTIME_ROUTES } from './runtime-routes';

const db = useSeededDatabase();
let berlin: string;
let hamburg: string;

beforeAll(async () => {
  berlin = (await tokenSecret(db, 'olga@example.com', 'berlin', ['events:write'])).secret;
  hamburg = (await tokenSecret(db, 'olga@example.com', 'hamburg', ['events:write'])).secret;
});

const at = (secondsAgo: number) => new Date(SEED_NOW.getTime() - secondsAgo * 1000).toISOString();

function resolved(overrides: Record<string, unknown> = {}) {
  return {
    type: 'memory.resolved',
    at: at(30),
    tenantRef: 'berlin',
    scopes: ['actor:u1', 'tenant:berlin', 'global'],
    offered: 4,
    omitted: 1,
    pinnedOmitted: 0,
    recalled: 2,
    promptChars: 900,
    ...overrides,
  };
}

/** A turn of hamburg's, at hamburg's own scopes. */
const hamburgTurn = (overrides: Record<string, unknown> = {}) =>
  resolved({ tenantRef: 'hamburg', scopes: ['actor:h1', 'depot:hh', 'tenant:hamburg', 'global'], ...overrides });

function post(secret: string | null, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return RUNTIME_ROUTES.events(bearer(secret, { method: 'POST', body, headers }), {
    prisma: db.prisma,
    sql: db.pool,
    allowedOrigin: 'http://localhost',
    deps: { now: () => SEED_NOW },
  });
}

const counts = async () => ({
  events: await db.prisma.runtimeEvent.count(),
  rollups: await db.prisma.metricRollup.count(),
  writes: await db.prisma.metricRollupWrite.count(),
  alerts: await db.prisma.alert.count(),
});

describe('POST /api/runtime/events', () => {
  it('stores a JSON array, and every touched rollup equals a recount of the raw events', async () => {
    const batch = [
      resolved({ promptChars: 120 }),
      resolved({ at: at(90), promptChars: 5_000, offered: 9, omitted: 3 }),
      resolved({ at: at(95), promptChars: 200_000, pinnedOmitted: 2 }),
      { type: 'memory.written', at: at(40), tenantRef: 'berlin', scope: 'actor:u1', chars: 31 },
      { type: 'memory.written', at: at(41), tenantRef: 'berlin', scope: 'tenant:berlin', chars: 12 },
    ];
    const response = await post(berlin, JSON.stringify(batch));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: 5, resolved: 3, written: 2 });

    const minutes = [...new Set(batch.map((event) => Math.floor(Date.parse(event.at) / 60_000) * 60_000))].map((ms) => new Date(ms));
    for (const minute of minutes) {
      const raw = await db.prisma.runtimeEvent.findMany({
        where: { tenantRef: 'berlin', at: { gte: minute, lt: new Date(minute.getTime() + 60_000) } },
      });
      const turns = raw.filter((event) => event.type === 'memory_resolved');
      const sum = (field: 'offered' | 'omitted' | 'pinnedOmitted' | 'recalled' | 'promptChars') =>
        BigInt(turns.reduce((total, event) => total + (event[field] ?? 0), 0));
      const buckets = [...PROMPT_CHARS_BUCKETS, Infinity].map(() => 0);
      for (const event of turns) buckets[promptCharsBucket(event.promptChars!)]! += 1;
      const rollup = await db.prisma.metricRollup.findUnique({ where: { tenantRef_minute: { tenantRef: 'berlin', minute } } });
      if (turns.length > 0) {
        expect(rollup).toMatchObject({
          turns: turns.length,
          offered: sum('offered'),
          omitted: sum('omitted'),
          pinnedOmitted: sum('pinnedOmitted'),
          recalled: sum('recalled'),
          promptChars: sum('promptChars'),
          promptCharsBuckets: buckets,
          turnsPinnedOmitted: turns.filter((event) => event.pinnedOmitted! > 0).length,
          promptCharsMax: Math.max(...turns.map((event) => event.promptChars!)),
        });
      }
      const written = raw.filter((event) => event.type === 'memory_written');
      for (const kind of new Set(written.map((event) => event.scope!.split(':')[0]!))) {
        const ofKind = written.filter((event) => event.scope!.startsWith(`${kind}:`));
        const row = await db.prisma.metricRollupWrite.findUniqueOrThrow({
          where: { tenantRef_minute_scopeKind: { tenantRef: 'berlin', minute, scopeKind: kind } },
        });
        expect(row).toMatchObject({ writes: ofKind.length, chars: BigInt(ofKind.reduce((total, event) => total + event.chars!, 0)) });
      }
    }
  });

  it('stores each event as sent: its own id, the kind, the date in UTC and only its own fields', async () => {
    // An offset and a fourth decimal are read as the schema reads them (JavaScript's Date), not re-read by the database.
    const offsetAt = new Date(SEED_NOW.getTime() - 50_000).toISOString().replace(/\.(\d{3})Z$/, (_, ms: string) => `.${ms}9+00:00`);
    const batch = [
      resolved({ runId: 'run_fields', at: offsetAt, scopes: ['actor:u1', 'say "hi", \\ {x}'] }),
      { type: 'memory.written', at: at(20), tenantRef: 'berlin', runId: 'run_fields', scope: 'tenant:berlin', chars: 7 },
    ];
    expect((await post(berlin, JSON.stringify(batch))).status).toBe(202);
    const rows = await db.prisma.runtimeEvent.findMany({ where: { runId: 'run_fields' }, orderBy: { type: 'asc' } });
    expect(
      rows.map(({ id, receivedAt, ...row }) => ({ ...row, idShape: /^evt_[0-9A-Z]{26}$/.test(id), receivedAt: receivedAt.getTime() })),
    ).toEqual([
      {
        type: 'memory_resolved',
        at: new Date(offsetAt),
        tenantRef: 'berlin',
        runId: 'run_fields',
        scopes: ['actor:u1', 'say "hi", \\ {x}'],
        offered: 4,
        omitted: 1,
        pinnedOmitted: 0,
        recalled: 2,
        promptChars: 900,
        scope: null,
        chars: null,
        // The flat shape has no envelope: nothing of one is stored.
        lib: null,
        envelopeVersion: null,
        traceId: null,
        scopeCount: null,
        idShape: true,
        receivedAt: SEED_NOW.getTime(),
      },
      {
        type: 'memory_written',
        at: new Date(at(20)),
        tenantRef: 'berlin',
        runId: 'run_fields',
        scopes: [],
        offered: null,
        omitted: null,
        pinnedOmitted: null,
        recalled: null,
        promptChars: null,
        scope: 'tenant:berlin',
        chars: 7,
        lib: null,
        envelopeVersion: null,
        traceId: null,
        scopeCount: null,
        idShape: true,
        receivedAt: SEED_NOW.getTime(),
      },
    ]);
    expect(new Set(rows.map((row) => row.id)).size).toBe(2);
  });

  it('accepts NDJSON', async () => {
    const body = [resolved(), resolved({ at: at(10) })].map((event) => JSON.stringify(event)).join('\n') + '\n';
    const response = await post(berlin, body, { 'content-type': 'application/x-ndjson' });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: 2, resolved: 2, written: 0 });
  });

  it.each([
    ['a count out of range', { offered: -1 }, 'offered'],
    ['a date that is no ISO date-time', { at: 1_764_504_000_000 }, 'at'],
    ['a date in the future', { at: new Date(SEED_NOW.getTime() + 6 * 60_000).toISOString() }, 'at'],
    ['a date before 2000', { at: '1999-12-31T23:59:59Z' }, 'at'],
    ['a memory key', { key: 'fiscal-year' }, 'key'],
    ['a memory text', { text: 'October' }, 'text'],
    ['an unknown field', { mood: 'happy' }, 'mood'],
  ])('refuses the whole batch for one item with %s, naming it', async (_case, change, field) => {
    const before = await counts();
    const response = await post(berlin, JSON.stringify([resolved(), resolved(change)]));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; items: { index: number; field: string; message: string }[] } };
    expect(body.error.code).toBe('INVALID');
    expect(body.error.items).toEqual([expect.objectContaining({ index: 1, field })]);
    expect(await counts()).toEqual(before);
  });

  it("refuses a batch holding another tenant's events with 403, storing nothing", async () => {
    const before = await counts();
    const response = await post(hamburg, JSON.stringify([hamburgTurn(), hamburgTurn({ tenantRef: 'berlin' })]));
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { items: unknown[] } }).error.items).toEqual([
      expect.objectContaining({ index: 1, field: 'tenantRef' }),
    ]);
    expect(await counts()).toEqual(before);
  });

  it("refuses a batch naming another tenant's scopes with 400, naming each scope, storing nothing", async () => {
    const before = await counts();
    const batch = [
      resolved({ scopes: ['actor:u1', 'actor:h1', 'tenant:berlin', 'depot:hh', 'global'] }),
      { type: 'memory.written', at: at(20), tenantRef: 'berlin', scope: 'depot:hh', chars: 7 },
    ];
    const response = await post(berlin, JSON.stringify(batch));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; items: { index: number; field: string; message: string }[] } };
    expect(body.error.code).toBe('INVALID');
    expect(body.error.items).toEqual([
      { index: 0, field: 'scopes.1', message: expect.stringContaining('actor:h1') },
      { index: 0, field: 'scopes.3', message: expect.stringContaining('depot:hh') },
      { index: 1, field: 'scope', message: expect.stringContaining('depot:hh') },
    ]);
    expect(await counts()).toEqual(before);
    // They are hamburg's own scopes.
    expect((await post(hamburg, JSON.stringify([hamburgTurn(), { ...batch[1], tenantRef: 'hamburg' }]))).status).toBe(202);
  });

  it('answers 401 without a token, with an unknown one and with a revoked one; 403 without events:write', async () => {
    const token = await tokenSecret(db, 'olga@example.com', 'berlin', ['events:write']);
    await db.prisma.apiToken.update({ where: { id: token.id }, data: { revokedAt: SEED_NOW } });
    const metricsOnly = await tokenSecret(db, 'olga@example.com', 'berlin', ['metrics:read']);
    const body = JSON.stringify([resolved()]);
    expect((await post(null, body)).status).toBe(401);
    expect((await post('mct_not-a-token', body)).status).toBe(401);
    expect((await post(token.secret, body)).status).toBe(401);
    expect((await post(metricsOnly.secret, body)).status).toBe(403);
  });

  it('records when a token was last used', async () => {
    const token = await tokenSecret(db, 'olga@example.com', 'berlin', ['events:write']);
    expect((await post(token.secret, JSON.stringify([resolved()]))).status).toBe(202);
    expect((await db.prisma.apiToken.findUniqueOrThrow({ where: { id: token.id } })).lastUsedAt).toEqual(SEED_NOW);
  });

  it('refuses more than 5,000 events and bodies over 8 MB', async () => {
    const many = JSON.stringify(Array.from({ length: 5_001 }, () => resolved()));
    const tooMany = await post(berlin, many);
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(await tooMany.json())).toContain('at most 5,000 events');
    const huge = await post(berlin, `[${' '.repeat(RUNTIME_EVENTS_BODY_LIMIT_BYTES)}]`);
    expect(huge.status).toBe(413);
  });

  it('lands a retried batch once for the same Idempotency-Key, also when the retries race', async () => {
    const body = JSON.stringify([resolved({ runId: 'run_idem' }), resolved({ runId: 'run_idem' })]);
    const headers = { 'idempotency-key': 'batch-0001' };
    const first = await post(berlin, body, headers);
    const again = await post(berlin, body, headers);
    expect([first.status, again.status]).toEqual([202, 202]);
    expect(await again.json()).toEqual(await first.json());
    const racing = await Promise.all([1, 2, 3].map(() => post(berlin, body, { 'idempotency-key': 'batch-0002' })));
    expect(racing.map((response) => response.status)).toEqual([202, 202, 202]);
    expect(await db.prisma.runtimeEvent.count({ where: { runId: 'run_idem' } })).toBe(4);
  });

  it('refuses a reused Idempotency-Key with another body with 422, storing nothing — the same events spelt otherwise too', async () => {
    const events = [resolved({ runId: 'run_reuse' })];
    const headers = { 'idempotency-key': 'batch-reuse' };
    expect((await post(berlin, JSON.stringify(events), headers)).status).toBe(202);
    const before = await counts();
    for (const other of [JSON.stringify([resolved({ runId: 'run_reuse', offered: 9 })]), JSON.stringify(events, null, 2)]) {
      const response = await post(berlin, other, headers);
      expect(response.status).toBe(422);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    }
    expect(await counts()).toEqual(before);
    // The key is the token's own: another token may use it for its own batch.
    expect((await post(hamburg, JSON.stringify([hamburgTurn({ runId: 'run_reuse' })]), headers)).status).toBe(202);
  });

  it('stores one batch when batches with different bodies race under one Idempotency-Key', async () => {
    const bodies = ['ka', 'kb', 'kc', 'kd'].map((runId) => JSON.stringify([resolved({ runId })]));
    const responses = await Promise.all(bodies.map((body) => post(berlin, body, { 'idempotency-key': 'batch-race' })));
    expect(responses.map((response) => response.status).sort()).toEqual([202, 422, 422, 422]);
    const stored = await db.prisma.runtimeEvent.findMany({ where: { runId: { in: ['ka', 'kb', 'kc', 'kd'] } } });
    expect(stored.map((event) => event.runId)).toEqual([
      ['ka', 'kb', 'kc', 'kd'][responses.findIndex((response) => response.status === 202)],
    ]);
  });

  it('opens one pinned-policy alert per tenant when batches that drop pinned policies race', async () => {
    await db.prisma.alert.deleteMany({ where: { tenantRef: 'berlin' } });
    const batch = (runId: string) =>
      JSON.stringify([resolved({ runId, pinnedOmitted: 1, scopes: [`actor:${runId}`] }), resolved({ runId, pinnedOmitted: 3 })]);
    const responses = await Promise.all(['ra', 'rb', 'rc', 'rd'].map((runId) => post(berlin, batch(runId))));
    expect(responses.map((response) => response.status)).toEqual([202, 202, 202, 202]);
    const alerts = await db.prisma.alert.findMany({ where: { tenantRef: 'berlin', state: 'open' } });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ occurrences: 8, detail: { maxPinnedOmitted: 3 } });
    expect((alerts[0]!.detail as { scopes: string[] }).scopes).toEqual(
      expect.arrayContaining(['actor:ra', 'actor:rb', 'actor:rc', 'actor:rd']),
    );
  });

  // PGlite has one connection: a transaction held open there blocks every other statement.
  it.skipIf(testBackend() !== 'postgres')(
    "stores a tenant's batch while another tenant's batch holds its alert lock and rollup rows",
    async () => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let taken = () => {};
      const locksTaken = new Promise<void>((resolve) => (taken = resolve));
      const berlinInProgress = db.pool.transaction(async (sql) => {
        await sql.query(`SELECT 1 FROM pg_advisory_xact_lock($1::int4, hashtext('berlin'))`, [ALERT_LOCK]);
        await sql.query(`SELECT 1 FROM "metric_rollup" WHERE "tenantRef" = 'berlin' FOR UPDATE`);
        taken();
        await held;
      });
      await locksTaken;
      const berlinBatch = post(berlin, JSON.stringify([resolved({ runId: 'run_waits', pinnedOmitted: 1 })]));
      const hamburgBatch = await post(hamburg, JSON.stringify([hamburgTurn({ runId: 'run_free', pinnedOmitted: 1 })]));
      expect(hamburgBatch.status).toBe(202);
      expect(await db.prisma.runtimeEvent.count({ where: { runId: 'run_free' } })).toBe(1);
      expect(await db.prisma.runtimeEvent.count({ where: { runId: 'run_waits' } })).toBe(0);
      release();
      await berlinInProgress;
      expect((await berlinBatch).status).toBe(202);
      expect(await db.prisma.runtimeEvent.count({ where: { runId: 'run_waits' } })).toBe(1);
    },
  );
});
