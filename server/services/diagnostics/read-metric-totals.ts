// Totals for /api/metrics (docs/operations.md "Prometheus metrics"), summed from the database
// rollups so that every console instance reports the same numbers. Big sums travel as text (they
// exceed 2^53 only in theory, but bigint does not survive JSON).
import { readRows, type ServiceCall } from '../context';
import {
  BUCKET_ROW,
  OPEN_ALERTS_ROW,
  openAlertsSql,
  promptBucketsSql,
  SUMS_ROW,
  turnSumsSql,
  WRITES_ROW,
  writeSumsSql,
} from './read-metric-totals-sql';

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
  const sums = await readRows(ctx, turnSumsSql(input.tenantRef), SUMS_ROW);
  const buckets = await readRows(ctx, promptBucketsSql(input.tenantRef), BUCKET_ROW);
  const writes = await readRows(ctx, writeSumsSql(input.tenantRef), WRITES_ROW);
  const openAlerts = await readRows(ctx, openAlertsSql(input.tenantRef), OPEN_ALERTS_ROW);
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
