// The Operations charts (docs/features.md "Operations"): the rollups of the tenants in view, summed per bucket
// of the window (server/domain/ops-overview.ts).
import type { GrantLike } from '../../domain';
import { opsWindow, overviewBuckets, type OpsRange } from '../../domain';
import { DomainError } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
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
  const verdict = opsWindow({ range: input.range, fromMs: input.from?.getTime(), toMs: input.to?.getTime(), nowMs: ctx.now().getTime() });
  if (!verdict.ok) throw new DomainError('INVALID', verdict.message, { fieldErrors: [{ field: verdict.field, message: verdict.message }] });
  const { window } = verdict;
  const where = { tenantRef: { in: tenants.refs }, minute: { gte: new Date(window.fromMs), lt: new Date(window.toMs) } };
  const [turnRows, writeRows] = await Promise.all([
    ctx.db.metricRollup.findMany({
      where,
      select: {
        minute: true,
        turns: true,
        offered: true,
        omitted: true,
        pinnedOmitted: true,
        recalled: true,
        promptCharsMax: true,
        promptCharsBuckets: true,
      },
    }),
    ctx.db.metricRollupWrite.findMany({ where, select: { minute: true, scopeKind: true, writes: true } }),
  ]);
  const { buckets, scopeKinds } = overviewBuckets(
    window,
    turnRows.map((row) => ({
      minuteMs: row.minute.getTime(),
      turns: row.turns,
      offered: Number(row.offered),
      omitted: Number(row.omitted),
      pinnedOmitted: Number(row.pinnedOmitted),
      recalled: Number(row.recalled),
      promptCharsMax: row.promptCharsMax,
      promptCharsBuckets: row.promptCharsBuckets,
    })),
    writeRows.map((row) => ({ minuteMs: row.minute.getTime(), scopeKind: row.scopeKind, writes: row.writes })),
  );
  return {
    tenants: tenants.options,
    tenantRef: input.tenantRef ?? null,
    from: new Date(window.fromMs).toISOString(),
    to: new Date(window.toMs).toISOString(),
    bucketMs: window.bucketMs,
    scopeKinds,
    hasData: turnRows.length > 0 || writeRows.length > 0,
    buckets: buckets.map(({ startMs, ...rest }) => ({ start: new Date(startMs).toISOString(), ...rest })),
  };
}
