// Hostile bodies for POST /api/runtime/events: whatever a batch holds, the work done for it and
// the answer it gets stay bounded (docs/architecture.md "Bounded work"). The tests assert the work
// (how many lines were parsed) and the answer's size; the times are printed, not asserted.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_ERROR_BODY_BYTES, MAX_LISTED_PROBLEMS } from '../errors/error-bounds';
import { bearer, tokenSecret } from '../testing/runtime-tokens';
import { SEED_NOW, useSeededDatabase } from '../testing/seeded-database';
import { MAX_EVENTS_PER_BATCH, RUNTIME_EVENTS_BODY_LIMIT_BYTES } from './runtime-events';
import { RUNTIME_ROUTES } from './runtime-routes';

const db = useSeededDatabase();
let berlin: string;

beforeAll(async () => {
  berlin = (await tokenSecret(db, 'olga@example.com', 'berlin', ['events:write'])).secret;
});

afterEach(() => {
  vi.restoreAllMocks();
});

interface Refusal {
  status: number;
  bytes: number;
  error: { code: string; message: string; items: { index: number; field: string; message: string }[] };
}

/** Posts `body` and reads the whole answer, printing how long that took. */
async function post(what: string, body: string, contentType = 'application/json'): Promise<Refusal> {
  const started = performance.now();
  const response = await RUNTIME_ROUTES.events(bearer(berlin, { method: 'POST', body, headers: { 'content-type': contentType } }), {
    prisma: db.prisma,
    sql: db.pool,
    allowedOrigin: 'http://localhost',
    deps: { now: () => SEED_NOW },
  });
  const text = await response.text();
  console.log(
    `${what}: ${(body.length / 2 ** 20).toFixed(1)} MiB in, ${text.length} bytes out, ${(performance.now() - started).toFixed(0)} ms`,
  );
  return { status: response.status, bytes: Buffer.byteLength(text), ...(JSON.parse(text) as Pick<Refusal, 'error'>) };
}

const turn = (overrides: Record<string, unknown> = {}) => ({
  type: 'memory.resolved',
  at: new Date(SEED_NOW.getTime() - 30_000).toISOString(),
  tenantRef: 'berlin',
  scopes: ['tenant:berlin'],
  offered: 4,
  omitted: 1,
  pinnedOmitted: 0,
  recalled: 2,
  promptChars: 900,
  ...overrides,
});

const eventCount = async () => db.prisma.runtimeEvent.count();

describe('hostile NDJSON', () => {
  it(`stops reading at the ${MAX_LISTED_PROBLEMS}th line that is not JSON, and answers in under 64 kB`, async () => {
    const body = 'x\n'.repeat(RUNTIME_EVENTS_BODY_LIMIT_BYTES / 2);
    const parse = vi.spyOn(JSON, 'parse');
    const before = await eventCount();
    const answer = await post('8 MiB of "x" lines', body, 'application/x-ndjson');
    expect(parse.mock.calls.filter(([text]) => text === 'x')).toHaveLength(MAX_LISTED_PROBLEMS);
    expect(answer.status).toBe(400);
    expect(answer.bytes).toBeLessThanOrEqual(MAX_ERROR_BODY_BYTES);
    expect(answer.error.items).toHaveLength(MAX_LISTED_PROBLEMS);
    expect(answer.error.items[MAX_LISTED_PROBLEMS - 1]).toEqual({
      index: MAX_LISTED_PROBLEMS - 1,
      field: '',
      message: `Line ${MAX_LISTED_PROBLEMS} is not valid JSON.`,
    });
    expect(answer.error.message).toContain('the rest of the body was not read');
    expect(await eventCount()).toBe(before);
  });

  it(`stops reading at event ${MAX_EVENTS_PER_BATCH + 1}, before parsing it`, async () => {
    const line = JSON.stringify(turn());
    const parse = vi.spyOn(JSON, 'parse');
    const answer = await post('20,000 event lines', `${line}\n`.repeat(20_000), 'application/x-ndjson');
    expect(parse.mock.calls.filter(([text]) => text === line)).toHaveLength(MAX_EVENTS_PER_BATCH);
    expect(answer.status).toBe(400);
    expect(answer.error.message).toContain(`at most ${MAX_EVENTS_PER_BATCH.toLocaleString('en-US')} events`);
  });
});

describe('hostile batches', () => {
  it(`lists ${MAX_LISTED_PROBLEMS} of a batch's many problems, counts the rest, and answers in under 64 kB`, async () => {
    const bad = Array.from({ length: MAX_EVENTS_PER_BATCH }, () =>
      turn({ scopes: Array.from({ length: 50 }, () => 0), offered: -1, mood: 'x' }),
    );
    const answer = await post('5,000 events with 52 problems each', JSON.stringify(bad));
    expect(answer.status).toBe(400);
    expect(answer.bytes).toBeLessThanOrEqual(MAX_ERROR_BODY_BYTES);
    expect(answer.error.items).toHaveLength(MAX_LISTED_PROBLEMS);
    expect(answer.error.message).toMatch(
      /^[\d,]+ problem\(s\) in the batch; nothing was stored\. Only the first 20 are listed \(and [\d,]+ more\)\.$/,
    );
  });

  it('cuts the names of thousands of unknown fields, and answers in under 64 kB', async () => {
    const unknown = Object.fromEntries(Array.from({ length: 20_000 }, (_, index) => [`\u0001field${index}`, 0]));
    const answer = await post('20 events with 20,000 unknown fields each', JSON.stringify(Array.from({ length: 20 }, () => turn(unknown))));
    expect(answer.status).toBe(400);
    expect(answer.bytes).toBeLessThanOrEqual(MAX_ERROR_BODY_BYTES);
    expect(answer.error.items[0]!.message).toMatch(/^Unknown field\(s\): .*…$/);
  });

  it("looks up 50,000 distinct scopes in one go, and names the one of another tenant's", async () => {
    const batch = Array.from({ length: MAX_EVENTS_PER_BATCH }, (_, index) =>
      turn({ scopes: index === 0 ? ['depot:hh'] : Array.from({ length: 10 }, (_, n) => `actor:${'s'.repeat(100)}${index}-${n}`) }),
    );
    const answer = await post('5,000 events of 10 unknown scopes each, one of hamburg', JSON.stringify(batch));
    expect(answer.status).toBe(400);
    expect(answer.error.items).toEqual([expect.objectContaining({ index: 0, field: 'scopes.0' })]);
  });
});
