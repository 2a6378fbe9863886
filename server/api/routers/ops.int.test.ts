// The Operations overview through tRPC (docs/features.md "Operations"): who sees which tenants, and
// the bucketed numbers equal a recomputation from the raw rollups in SQL.
import { describe, expect, it } from 'vitest';
import { histogramPercentile } from '../../domain';
import { useSeededDatabase } from '../../testing/seeded-database';
import { errorOf } from '../../testing/trpc-error';

const db = useSeededDatabase();

describe('ops.overview', () => {
  it.each([
    { who: 'alice@example.com', expected: 'FORBIDDEN' },
    { who: 'hana@example.com', expected: 'FORBIDDEN' },
    { who: 'bob@example.com', expected: ['berlin'] },
    { who: 'olga@example.com', expected: ['berlin', 'hamburg'] },
    { who: 'gina@example.com', expected: ['berlin', 'hamburg'] },
  ])('$who → $expected', async ({ who, expected }) => {
    const caller = await db.callerAs(who);
    if (typeof expected === 'string') {
      expect((await errorOf(caller.ops.overview({ range: '7d' }))).code).toBe(expected);
      return;
    }
    const overview = await caller.ops.overview({ range: '7d' });
    expect(overview.tenants.map((tenant) => tenant.ref).sort()).toEqual(expected);
  });

  it('answers NOT_FOUND for a tenant outside reach, and names the field of a window that runs backwards', async () => {
    const bob = await db.callerAs('bob@example.com');
    expect((await errorOf(bob.ops.overview({ tenantRef: 'hamburg' }))).code).toBe('NOT_FOUND');
    const error = await errorOf(bob.ops.overview({ from: '2026-11-30T10:00:00Z', to: '2026-11-30T09:00:00Z' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain('The start (from) must be before the end (to).');
  });

  it.each([
    { who: 'olga@example.com', tenantRef: undefined },
    { who: 'bob@example.com', tenantRef: 'berlin' },
  ])('equals a recomputation from the rollups ($who, tenant $tenantRef)', async ({ who, tenantRef }) => {
    const overview = await (await db.callerAs(who)).ops.overview({ range: '7d', tenantRef });
    expect(overview.hasData).toBe(true);
    const refs = tenantRef ? [tenantRef] : ['berlin', 'hamburg'];
    const from = new Date(overview.from);
    const to = new Date(overview.to);
    const bucket = overview.bucketMs;
    const turns = await db.prisma.$queryRaw<
      { i: number; turns: bigint; offered: bigint; omitted: bigint; pinned: bigint; recalled: bigint; max: number }[]
    >`
      SELECT floor((extract(epoch FROM "minute") * 1000 - ${from.getTime()}::float8) / ${bucket}::float8)::int AS i,
             sum("turns")::bigint AS turns, sum("offered")::bigint AS offered, sum("omitted")::bigint AS omitted,
             sum("pinnedOmitted")::bigint AS pinned, sum("recalled")::bigint AS recalled, max("promptCharsMax")::int AS max
      FROM "metric_rollup" WHERE "tenantRef" = ANY(${refs}) AND "minute" >= ${from} AND "minute" < ${to} GROUP BY 1`;
    const histograms = await db.prisma.$queryRaw<{ i: number; n: number; count: bigint }[]>`
      SELECT floor((extract(epoch FROM "minute") * 1000 - ${from.getTime()}::float8) / ${bucket}::float8)::int AS i, h.n::int AS n, sum(h.count)::bigint AS count
      FROM "metric_rollup", unnest("promptCharsBuckets") WITH ORDINALITY AS h(count, n)
      WHERE "tenantRef" = ANY(${refs}) AND "minute" >= ${from} AND "minute" < ${to} GROUP BY 1, 2`;
    const writes = await db.prisma.$queryRaw<{ i: number; kind: string; writes: bigint }[]>`
      SELECT floor((extract(epoch FROM "minute") * 1000 - ${from.getTime()}::float8) / ${bucket}::float8)::int AS i, "scopeKind" AS kind, sum("writes")::bigint AS writes
      FROM "metric_rollup_write" WHERE "tenantRef" = ANY(${refs}) AND "minute" >= ${from} AND "minute" < ${to} GROUP BY 1, 2`;
    expect(turns.length).toBeGreaterThan(1);
    overview.buckets.forEach((row, i) => {
      const expected = turns.find((sum) => sum.i === i);
      expect(row, `bucket ${row.start}`).toMatchObject({
        turns: Number(expected?.turns ?? 0),
        offered: Number(expected?.offered ?? 0),
        omitted: Number(expected?.omitted ?? 0),
        pinnedOmitted: Number(expected?.pinned ?? 0),
        recalled: Number(expected?.recalled ?? 0),
      });
      const counts: number[] = [];
      for (const h of histograms.filter((sum) => sum.i === i)) counts[h.n - 1] = Number(h.count);
      expect(row.promptCharsP95).toBe(
        histogramPercentile(
          Array.from(counts, (count) => count ?? 0),
          0.95,
          expected?.max ?? 0,
        ),
      );
      for (const kind of overview.scopeKinds) {
        expect(row.writes[kind]).toBe(Number(writes.find((sum) => sum.i === i && sum.kind === kind)?.writes ?? 0));
      }
    });
    expect(overview.buckets.reduce((sum, row) => sum + row.turns, 0)).toBe(turns.reduce((sum, row) => sum + Number(row.turns), 0));
  });
});

describe('ops.overview tells the truth', () => {
  it('refuses a from/to that is not a date and time in plain words, never the pattern', async () => {
    const olga = await db.callerAs('olga@example.com');
    for (const input of [{ from: 'yesterday' }, { from: '2026-11-29T10:00Z', to: '2026-02-30T10:00Z' }]) {
      const error = await errorOf(olga.ops.overview(input));
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toContain('is not a date and time');
      expect(error.message).not.toMatch(/[\\^$]|\(\?:/);
    }
  });

  it('gives the headline numbers: turns, the share that dropped always-on facts, p95 and open alerts', async () => {
    const olga = await db.callerAs('olga@example.com');
    const overview = await olga.ops.overview({ range: '7d' });
    const turns = overview.buckets.reduce((sum, row) => sum + row.turns, 0);
    const dropping = overview.buckets.reduce((sum, row) => sum + row.turnsPinnedOmitted, 0);
    expect(overview.summary.turns).toBe(turns);
    expect(overview.summary.turnsPinnedOmitted).toBe(dropping);
    expect(dropping).toBeGreaterThan(0);
    expect(overview.summary.pinnedOmittedPercent).toBe(Math.round((dropping / turns) * 1000) / 10);
    expect(overview.summary.promptCharsP95).toBeGreaterThan(0);
    expect(overview.summary.openAlerts).toBe(await db.prisma.alert.count({ where: { state: 'open' } }));
    const bob = await db.callerAs('bob@example.com');
    expect((await bob.ops.overview({ range: '7d' })).summary.openAlerts).toBe(
      await db.prisma.alert.count({ where: { state: 'open', tenantRef: 'berlin' } }),
    );
  });

  it('marks buckets without data as gaps (nothing counted) and the current bucket as incomplete', async () => {
    const overview = await (await db.callerAs('olga@example.com')).ops.overview({ range: '24h' });
    const statuses = new Set(overview.buckets.map((row) => row.status));
    expect(statuses.has('data')).toBe(true);
    for (const row of overview.buckets.filter((bucket) => bucket.status === 'gap')) expect(row.turns).toBe(0);
    // The seeded clock stands on an hour boundary: every hourly bucket of the last 24 hours has ended.
    expect(overview.buckets.every((row) => row.complete)).toBe(true);
    expect(overview.endsNow).toBe(true);
    // A window whose end cuts its last 5-minute bucket short: that bucket is incomplete, the others not.
    const cut = await (await db.callerAs('olga@example.com')).ops.overview({ from: '2026-11-30T09:00Z', to: '2026-11-30T11:32Z' });
    expect(cut.bucketMs).toBe(5 * 60_000);
    expect(cut.buckets.at(-1)).toMatchObject({ start: '2026-11-30T11:30:00.000Z', complete: false });
    expect(cut.buckets.slice(0, -1).every((row) => row.complete)).toBe(true);
  });

  it('says a past range has no data (the runtime did send before) instead of asking to connect a runtime', async () => {
    const overview = await (await db.callerAs('olga@example.com')).ops.overview({ from: '2025-01-01T00:00Z', to: '2025-01-02T00:00Z' });
    expect(overview).toMatchObject({ hasData: false, everSent: true, endsNow: false });
    expect(overview.buckets.every((row) => row.status === 'gap' && row.complete)).toBe(true);
  });
});
