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
