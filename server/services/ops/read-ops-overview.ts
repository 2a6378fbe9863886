// The Operations charts (docs/features.md "Operations"): the rollups of the tenants in view, summed per bucket
// of the window in SQL (ops-overview-sql.ts), then shaped by server/domain/ops-overview.ts.
import type { GrantLike } from '../../domain';
import { bucketComplete, bucketStatuses, opsWindow, overviewBuckets, overviewSummary, type OpsRange } from '../../domain';
import { DomainError } from '../../errors/domain-error';
import { readRows, type ServiceCall } from '../context';
import { turnBucketRow, turnBucketsSql, writeBucketRow, writeBucketsSql } from './ops-overview-sql';
import { operationsTenants } from './operations-tenants';

export interface ReadOpsOverviewInput {
  viewer: { grants: GrantLike[] };
  tenantRef?: string;
  range?: OpsRange;
  from?: Date;
  to?: Date;
}

export async function readOpsOverview({ ctx, input }: ServiceCall<ReadOpsOverviewInput>) {
  const tenants = await operationsTenants({ ctx, input });
  const nowMs = ctx.now().getTime();
  const verdict = opsWindow({ range: input.range, fromMs: input.from?.getTime(), toMs: input.to?.getTime(), nowMs });
  if (!verdict.ok) throw new DomainError('INVALID', verdict.message, { fieldErrors: [{ field: verdict.field, message: verdict.message }] });
  const { window } = verdict;
  // Summed per bucket by PostgreSQL (ops-overview-sql.ts): one row per bucket, whatever the span.
  const [turnRows, writeRows, openAlerts] = await Promise.all([
    readRows(ctx, turnBucketsSql(tenants.refs, window), turnBucketRow),
    readRows(ctx, writeBucketsSql(tenants.refs, window), writeBucketRow),
    ctx.db.alert.count({ where: { tenantRef: { in: tenants.refs }, state: 'open' } }),
  ]);
  const turnMinutes = turnRows.map(({ bucket, ...sums }) => ({ minuteMs: bucket.getTime(), ...sums }));
  const { buckets, scopeKinds } = overviewBuckets(
    window,
    turnMinutes,
    writeRows.map((row) => ({ minuteMs: row.bucket.getTime(), scopeKind: row.scopeKind, writes: row.writes })),
  );
  const hasData = turnRows.length > 0 || writeRows.length > 0;
  // A window without data: has anything ever arrived for these tenants? If so, say so instead of
  // explaining how to connect a runtime.
  const everSent =
    hasData ||
    (await ctx.db.metricRollup.findFirst({ where: { tenantRef: { in: tenants.refs } }, select: { minute: true } })) !== null ||
    (await ctx.db.metricRollupWrite.findFirst({ where: { tenantRef: { in: tenants.refs } }, select: { minute: true } })) !== null;
  const statuses = bucketStatuses(
    buckets.map((bucket) => bucket.arrived),
    window.bucketMs,
  );
  return {
    tenants: tenants.options,
    tenantRef: input.tenantRef ?? null,
    from: new Date(window.fromMs).toISOString(),
    to: new Date(window.toMs).toISOString(),
    bucketMs: window.bucketMs,
    scopeKinds,
    /** The window's end as asked (not rounded), and whether it is now. */
    endsNow: window.toMs >= nowMs,
    hasData,
    everSent,
    summary: { ...overviewSummary(turnMinutes), openAlerts },
    buckets: buckets.map(({ startMs, arrived: _arrived, ...rest }, index) => ({
      start: new Date(startMs).toISOString(),
      /** data: something arrived; quiet: a short empty run drawn as zero; gap: nothing arrived, nothing drawn. */
      status: statuses[index]!,
      complete: bucketComplete(startMs, window.bucketMs, window.toMs, nowMs),
      ...rest,
    })),
  };
}
