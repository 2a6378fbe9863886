// The Operations charts' sums per bucket in SQL (docs/features.md "Operations"): the per-minute
// rollups of the tenants in view, summed per bucket of the window by PostgreSQL, so a 30-day chart
// reads one row per bucket instead of every minute of every tenant. Each bucket row is then what
// server/domain/ops-overview.ts sums further (one row per bucket: its sums are the bucket's), so gaps,
// quiet buckets and the summary stay the domain's. Both statements range over the rollup tables'
// primary keys, (tenantRef, minute[, scopeKind]).
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import { PROMPT_CHARS_BUCKETS, type OpsWindow } from '../../domain';

/** The start of the bucket of the window a row's minute falls in (date_bin: whole buckets from the window's start). */
function bucketStartSql(window: OpsWindow, alias: string): Prisma.Sql {
  return Prisma.sql`date_bin(${window.bucketMs}::float8 * interval '1 millisecond', ${Prisma.raw(`${alias}."minute"`)}, ${atSql(window.fromMs)})`;
}

// UTC text cast to the column's type: compares as Prisma stores it, whatever the session's time zone.
function atSql(ms: number): Prisma.Sql {
  return Prisma.sql`${new Date(ms).toISOString()}::timestamp(3)`;
}

function rangeSql(tenantRefs: readonly string[], window: OpsWindow, alias: string): Prisma.Sql {
  const a = Prisma.raw(`${alias}`);
  return Prisma.sql`${a}."tenantRef" = ANY(${[...tenantRefs]}::text[]) AND ${a}."minute" >= ${atSql(window.fromMs)} AND ${a}."minute" < ${atSql(window.toMs)}`;
}

// Sums in float8: exact for whole numbers to 2^53, far cheaper than the numeric that sum(bigint) gives, and read
// as numbers by both drivers (a bigint would be a string or a BigInt).
// The histogram has the writer's fixed length (PROMPT_CHARS_BUCKETS, then one for larger prompts).
const HISTOGRAM_LENGTH = PROMPT_CHARS_BUCKETS.length + 1;

export const turnBucketRow = z.object({
  bucket: z.date(),
  turns: z.number(),
  offered: z.number(),
  omitted: z.number(),
  pinnedOmitted: z.number(),
  turnsPinnedOmitted: z.number(),
  recalled: z.number(),
  turnsRecalled: z.number(),
  promptCharsMax: z.number(),
  promptCharsBuckets: z.array(z.number()),
});

/** One row per bucket of the window with a turn rollup in it: the bucket's sums, largest prompt and summed histogram. */
export function turnBucketsSql(tenantRefs: readonly string[], window: OpsWindow): Prisma.Sql {
  const histogram = Prisma.raw(
    Array.from({ length: HISTOGRAM_LENGTH }, (_, index) => `coalesce(sum(r."promptCharsBuckets"[${index + 1}]::float8), 0)`).join(', '),
  );
  return Prisma.sql`SELECT ${bucketStartSql(window, 'r')} AS "bucket",
      sum(r."turns"::float8) AS "turns", sum(r."offered"::float8) AS "offered", sum(r."omitted"::float8) AS "omitted",
      sum(r."pinnedOmitted"::float8) AS "pinnedOmitted", sum(r."turnsPinnedOmitted"::float8) AS "turnsPinnedOmitted",
      sum(r."recalled"::float8) AS "recalled", sum(r."turnsRecalled"::float8) AS "turnsRecalled",
      max(r."promptCharsMax")::float8 AS "promptCharsMax", ARRAY[${histogram}]::float8[] AS "promptCharsBuckets"
    FROM "metric_rollup" r
    WHERE ${rangeSql(tenantRefs, window, 'r')}
    GROUP BY 1`;
}

export const writeBucketRow = z.object({ bucket: z.date(), scopeKind: z.string(), writes: z.number() });

/** One row per bucket and scope kind with agent writes in it. */
export function writeBucketsSql(tenantRefs: readonly string[], window: OpsWindow): Prisma.Sql {
  return Prisma.sql`SELECT ${bucketStartSql(window, 'w')} AS "bucket", w."scopeKind", sum(w."writes"::float8) AS "writes"
    FROM "metric_rollup_write" w
    WHERE ${rangeSql(tenantRefs, window, 'w')}
    GROUP BY 1, 2`;
}
