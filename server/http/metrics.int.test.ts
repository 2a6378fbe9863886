// GET /api/metrics and GET /api/health (docs/operations.md "Prometheus metrics", "Health check") on
// a real database. The exposition is checked by promtool when it is installed (.ci/run installs
// it).
import { execFileSync, spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROMPT_CHARS_BUCKETS } from '../domain';
import { SEED_NOW, useSeededDatabase } from '../testing/seeded-database';
import { bearer, tokenSecret } from '../testing/runtime-tokens';
import { handleHealth, handleReady } from './health';
import { handleMetrics } from './metrics';

const db = useSeededDatabase();
let berlinMetrics: string;
let everyTenant: string;

beforeAll(async () => {
  berlinMetrics = (await tokenSecret(db, 'olga@example.com', 'berlin', ['metrics:read'])).secret;
  everyTenant = (await tokenSecret(db, 'olga@example.com', null, ['metrics:read'])).secret;
});

async function scrape(secret: string | null): Promise<Response> {
  return handleMetrics(bearer(secret, { url: 'http://localhost/api/metrics' }), { prisma: db.prisma, deps: { now: () => SEED_NOW } });
}

function sample(text: string, line: string): number {
  const found = text.split('\n').find((entry) => entry.startsWith(`${line} `));
  if (!found) throw new Error(`no sample ${line} in:\n${text}`);
  return Number(found.slice(line.length + 1));
}

const promtool = spawnSync('promtool', ['--version']).status === 0;

describe('GET /api/metrics', () => {
  it("reports every tenant's counters from the rollups to a token of every tenant", async () => {
    const response = await scrape(everyTenant);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    const text = await response.text();
    const [totals] = await db.prisma.$queryRaw<{ turns: number; pinned: number }[]>`
      SELECT COUNT(*)::int AS turns, COALESCE(SUM("pinnedOmitted"), 0)::int AS pinned
      FROM runtime_event WHERE "tenantRef" = 'hamburg' AND type = 'memory_resolved'`;
    expect(sample(text, 'memory_resolved_turns_total{tenant="hamburg"}')).toBe(totals!.turns);
    expect(sample(text, 'memory_pinned_omitted_total{tenant="hamburg"}')).toBe(totals!.pinned);
    expect(sample(text, 'memory_prompt_chars_bucket{tenant="hamburg",le="+Inf"}')).toBe(totals!.turns);
    expect(sample(text, 'memory_prompt_chars_count{tenant="hamburg"}')).toBe(totals!.turns);
    expect(sample(text, `memory_prompt_chars_bucket{tenant="hamburg",le="${PROMPT_CHARS_BUCKETS[0]}"}`)).toBe(totals!.turns);
    expect(sample(text, 'memory_written_total{tenant="berlin",scope_kind="actor"}')).toBeGreaterThan(0);
    expect(sample(text, 'memory_alerts_open{tenant="hamburg"}')).toBe(1);
    expect(text).toContain('memory_resolved_turns_total{tenant="berlin"}');
  });

  it("shows a tenant's token only its own tenant", async () => {
    const text = await (await scrape(berlinMetrics)).text();
    expect(text).toContain('tenant="berlin"');
    expect(text).not.toContain('tenant="hamburg"');
  });

  it('answers 401 without a token and 403 for a token without metrics:read', async () => {
    const events = await tokenSecret(db, 'olga@example.com', 'berlin', ['events:write']);
    expect((await scrape(null)).status).toBe(401);
    expect((await scrape(events.secret)).status).toBe(403);
  });

  it.skipIf(!promtool)('passes promtool check metrics', async () => {
    const text = await (await scrape(everyTenant)).text();
    expect(() => execFileSync('promtool', ['check', 'metrics'], { input: text, stdio: ['pipe', 'pipe', 'pipe'] })).not.toThrow();
  });
  if (!promtool) console.log('promtool check metrics: skipped, promtool is not installed (Debian: apt-get install -y prometheus)');
});

describe('GET /api/health (liveness)', () => {
  it('answers 200 ok whatever the database, and says so while draining', () => {
    expect(handleHealth(() => false).status).toBe(200);
    const draining = handleHealth(() => true);
    expect(draining.status).toBe(200);
  });
});

describe('GET /api/health/ready', () => {
  const serving = () => false;
  it('answers 200 ok with the database reachable and every migration applied', async () => {
    const response = await handleReady(async () => db, serving);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 while the instance drains, before asking the database', async () => {
    let asked = false;
    const response = await handleReady(
      async () => {
        asked = true;
        return db;
      },
      () => true,
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable', reason: 'shutting down' });
    expect(asked).toBe(false);
  });

  it('answers 503 without the database text when the database is unreachable', async () => {
    const response = await handleReady(() => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432 password=secret')), serving);
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(text).not.toMatch(/ECONNREFUSED|5432|secret/);
  });

  it('answers 503 while a migration is pending', async () => {
    const history = await db.sql.query<{ id: string; migration_name: string }>(
      `SELECT id, migration_name FROM "_prisma_migrations" ORDER BY migration_name DESC LIMIT 1`,
    );
    await db.sql.query(`UPDATE "_prisma_migrations" SET finished_at = NULL WHERE id = $1`, [history[0]!.id]);
    try {
      expect((await handleReady(async () => db, serving)).status).toBe(503);
    } finally {
      await db.sql.query(`UPDATE "_prisma_migrations" SET finished_at = now() WHERE id = $1`, [history[0]!.id]);
    }
  });
});
