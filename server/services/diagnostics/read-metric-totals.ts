// Totals for /api/metrics (docs/operations.md "Prometheus metrics"), summed from the database
// rollups so that every console instance reports the same numbers. Big sums travel as text (they
// exceed 2^53 only in theory, but bigint does not survive JSON).
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import { readRows, type ServiceCall } from '../context';

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

const SUMS_ROW = z.object({
  tenantRef: z.string(),
  turns: z.string(),
  offered: z.string(),
  omitted: z.string(),
  pinnedOmitted: z.string(),
  recalled: z.string(),
  turnsRecalled: z.string(),
  promptChars: z.string(),
});
const BUCKET_ROW = z.object({ tenantRef: z.string(), position: z.number(), count: z.string() });
const WRITES_ROW = z.object({ tenantRef: z.string(), scopeKind: z.string(), writes: z.string(), chars: z.string() });
const OPEN_ALERTS_ROW = z.object({ tenantRef: z.string(), open: z.string() });

export async function readMetricTotals({ ctx, input }: ServiceCall<ReadMetricTotalsInput>): Promise<MetricTotals> {
  const only = (column: string) =>
    input.tenantRef === null ? Prisma.sql`TRUE` : Prisma.sql`${Prisma.raw(`"${column}"`)} = ${input.tenantRef}`;
  const sums = await readRows(
    ctx,
    Prisma.sql`
    SELECT "tenantRef", SUM("turns")::text AS "turns", SUM("offered")::text AS "offered", SUM("omitted")::text AS "omitted",
           SUM("pinnedOmitted")::text AS "pinnedOmitted", SUM("recalled")::text AS "recalled",
           SUM("turnsRecalled")::text AS "turnsRecalled", SUM("promptChars")::text AS "promptChars"
    FROM "metric_rollup" WHERE ${only('tenantRef')} GROUP BY "tenantRef" ORDER BY "tenantRef"`,
    SUMS_ROW,
  );
  const buckets = await readRows(
    ctx,
    Prisma.sql`
    SELECT r."tenantRef", b."position"::int AS "position", SUM(b."count")::text AS "count"
    FROM "metric_rollup" r, unnest(r."promptCharsBuckets") WITH ORDINALITY AS b("count", "position")
    WHERE ${only('tenantRef')} GROUP BY r."tenantRef", b."position"`,
    BUCKET_ROW,
  );
  const writes = await readRows(
    ctx,
    Prisma.sql`
    SELECT "tenantRef", "scopeKind", SUM("writes")::text AS "writes", SUM("chars")::text AS "chars"
    FROM "metric_rollup_write" WHERE ${only('tenantRef')} GROUP BY "tenantRef", "scopeKind" ORDER BY "tenantRef", "scopeKind"`,
    WRITES_ROW,
  );
  const openAlerts = await readRows(
    ctx,
    Prisma.sql`
    SELECT "tenantRef", COUNT(*)::text AS "open" FROM "alert"
    WHERE "state" <> 'resolved' AND ${only('tenantRef')} GROUP BY "tenantRef" ORDER BY "tenantRef"`,
    OPEN_ALERTS_ROW,
  );
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
