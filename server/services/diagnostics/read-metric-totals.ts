// Totals for /api/metrics (docs/operations.md "Prometheus metrics"), summed from the database
// rollups so that every console instance reports the same numbers. Big sums travel as text (they
// exceed 2^53 only in theory, but bigint does not survive JSON).
import { Prisma } from '../../db/generated/client';
import type { ServiceCall } from '../context';

export interface ReadMetricTotalsInput {
  /** null: every tenant. */
  tenantRef: string | null;
}

export interface TenantTotals {
  tenantRef: string;
  turns: string;
  offered: string;
  omitted: string;
  pinnedOmitted: string;
  recalled: string;
  turnsRecalled: string;
  promptChars: string;
  /** Turns per prompt-size bucket (PROMPT_CHARS_BUCKETS, then +Inf), not cumulative. */
  buckets: string[];
}

export interface MetricTotals {
  turns: TenantTotals[];
  writes: { tenantRef: string; scopeKind: string; writes: string; chars: string }[];
  openAlerts: { tenantRef: string; open: string }[];
}

export async function readMetricTotals({ ctx, input }: ServiceCall<ReadMetricTotalsInput>): Promise<MetricTotals> {
  const only = (column: string) =>
    input.tenantRef === null ? Prisma.sql`TRUE` : Prisma.sql`${Prisma.raw(`"${column}"`)} = ${input.tenantRef}`;
  const sums = await ctx.db.$queryRaw<Omit<TenantTotals, 'buckets'>[]>`
    SELECT "tenantRef", SUM("turns")::text AS "turns", SUM("offered")::text AS "offered", SUM("omitted")::text AS "omitted",
           SUM("pinnedOmitted")::text AS "pinnedOmitted", SUM("recalled")::text AS "recalled",
           SUM("turnsRecalled")::text AS "turnsRecalled", SUM("promptChars")::text AS "promptChars"
    FROM "metric_rollup" WHERE ${only('tenantRef')} GROUP BY "tenantRef" ORDER BY "tenantRef"`;
  const buckets = await ctx.db.$queryRaw<{ tenantRef: string; position: number; count: string }[]>`
    SELECT r."tenantRef", b."position"::int AS "position", SUM(b."count")::text AS "count"
    FROM "metric_rollup" r, unnest(r."promptCharsBuckets") WITH ORDINALITY AS b("count", "position")
    WHERE ${only('tenantRef')} GROUP BY r."tenantRef", b."position"`;
  const writes = await ctx.db.$queryRaw<MetricTotals['writes']>`
    SELECT "tenantRef", "scopeKind", SUM("writes")::text AS "writes", SUM("chars")::text AS "chars"
    FROM "metric_rollup_write" WHERE ${only('tenantRef')} GROUP BY "tenantRef", "scopeKind" ORDER BY "tenantRef", "scopeKind"`;
  const openAlerts = await ctx.db.$queryRaw<MetricTotals['openAlerts']>`
    SELECT "tenantRef", COUNT(*)::text AS "open" FROM "alert"
    WHERE "state" <> 'resolved' AND ${only('tenantRef')} GROUP BY "tenantRef" ORDER BY "tenantRef"`;
  return {
    turns: sums.map((row) => ({
      ...row,
      buckets: buckets
        .filter((bucket) => bucket.tenantRef === row.tenantRef)
        .sort((a, b) => a.position - b.position)
        .map((bucket) => bucket.count),
    })),
    writes,
    openAlerts,
  };
}
