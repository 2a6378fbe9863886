// The statements behind /api/metrics' totals (read-metric-totals.ts), summed from the rollups, and
// the schemas of their rows.
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';

/** A tenant's turn totals, as text. */
export const SUMS_ROW = z.object({
  tenantRef: z.string(),
  turns: z.string(),
  offered: z.string(),
  omitted: z.string(),
  pinnedOmitted: z.string(),
  recalled: z.string(),
  turnsRecalled: z.string(),
  promptChars: z.string(),
});
/** A tenant's turns in one prompt-size bucket (position from 1). */
export const BUCKET_ROW = z.object({ tenantRef: z.string(), position: z.number(), count: z.string() });
/** A tenant's writes per scope kind. */
export const WRITES_ROW = z.object({ tenantRef: z.string(), scopeKind: z.string(), writes: z.string(), chars: z.string() });
/** A tenant's open alerts. */
export const OPEN_ALERTS_ROW = z.object({ tenantRef: z.string(), open: z.string() });

/** `column` equal to `tenantRef`, or TRUE for every tenant (null). */
function onlyTenant(tenantRef: string | null, column: string): Prisma.Sql {
  return tenantRef === null ? Prisma.sql`TRUE` : Prisma.sql`${Prisma.raw(`"${column}"`)} = ${tenantRef}`;
}

/** The turn rollups summed per tenant. */
export function turnSumsSql(tenantRef: string | null): Prisma.Sql {
  return Prisma.sql`
    SELECT "tenantRef", SUM("turns")::text AS "turns", SUM("offered")::text AS "offered", SUM("omitted")::text AS "omitted",
           SUM("pinnedOmitted")::text AS "pinnedOmitted", SUM("recalled")::text AS "recalled",
           SUM("turnsRecalled")::text AS "turnsRecalled", SUM("promptChars")::text AS "promptChars"
    FROM "metric_rollup" WHERE ${onlyTenant(tenantRef, 'tenantRef')} GROUP BY "tenantRef" ORDER BY "tenantRef"`;
}

/** The prompt-size buckets summed per tenant and position. */
export function promptBucketsSql(tenantRef: string | null): Prisma.Sql {
  return Prisma.sql`
    SELECT r."tenantRef", b."position"::int AS "position", SUM(b."count")::text AS "count"
    FROM "metric_rollup" r, unnest(r."promptCharsBuckets") WITH ORDINALITY AS b("count", "position")
    WHERE ${onlyTenant(tenantRef, 'tenantRef')} GROUP BY r."tenantRef", b."position"`;
}

/** The write rollups summed per tenant and scope kind. */
export function writeSumsSql(tenantRef: string | null): Prisma.Sql {
  return Prisma.sql`
    SELECT "tenantRef", "scopeKind", SUM("writes")::text AS "writes", SUM("chars")::text AS "chars"
    FROM "metric_rollup_write" WHERE ${onlyTenant(tenantRef, 'tenantRef')} GROUP BY "tenantRef", "scopeKind" ORDER BY "tenantRef", "scopeKind"`;
}

/** The alerts not resolved, counted per tenant. */
export function openAlertsSql(tenantRef: string | null): Prisma.Sql {
  return Prisma.sql`
    SELECT "tenantRef", COUNT(*)::text AS "open" FROM "alert"
    WHERE "state" <> 'resolved' AND ${onlyTenant(tenantRef, 'tenantRef')} GROUP BY "tenantRef" ORDER BY "tenantRef"`;
}
