// Forgets diagnostics past their retention (docs/runtime-api.md "Runtime diagnostics"): raw events
// and idempotency keys after RUNTIME_EVENT_RETENTION_DAYS, rollups after ROLLUP_RETENTION_DAYS.
// Raw events live in one partition per day (docs/operations.md "Partitioned diagnostics"): a day
// is forgotten by dropping its partition once all of it is past the retention, never by DELETE,
// and the coming days' partitions are made here ahead of time. Both go through the database's
// SECURITY DEFINER functions, as the console's own role may not create or drop tables.
import { readRows, type ServiceCall } from '../context';
import { COUNT_ROW, dropPartitionsBeforeSql, ensurePartitionsSql } from './prune-diagnostics-sql';

export const ROLLUP_RETENTION_DAYS = 400;
/** How many days ahead of today the partitions of raw events are made. */
export const PARTITION_DAYS_AHEAD = 7;
const DAY_MS = 86_400_000;

export interface PruneDiagnosticsInput {
  eventRetentionDays: number;
}

export interface PruneDiagnosticsResult {
  /** Days of raw events forgotten (partitions dropped). */
  eventDays: number;
  /** Partitions made for the coming days (and for days whose events were waiting in the default one). */
  partitionsCreated: number;
  rollups: number;
}

/** The UTC calendar day of `at`, as 'YYYY-MM-DD'. */
function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export async function pruneDiagnostics({ ctx, input }: ServiceCall<PruneDiagnosticsInput>): Promise<PruneDiagnosticsResult> {
  const now = ctx.now().getTime();
  const eventCutoff = new Date(now - input.eventRetentionDays * DAY_MS);
  const rollupCutoff = new Date(now - ROLLUP_RETENTION_DAYS * DAY_MS);
  const [firstDay, lastDay] = [utcDay(new Date(now)), utcDay(new Date(now + PARTITION_DAYS_AHEAD * DAY_MS))];
  const [created] = await readRows(ctx, ensurePartitionsSql(firstDay, lastDay), COUNT_ROW);
  const [dropped] = await readRows(ctx, dropPartitionsBeforeSql(eventCutoff), COUNT_ROW);
  await ctx.db.ingestIdempotencyKey.deleteMany({ where: { createdAt: { lt: eventCutoff } } });
  const rollups = await ctx.db.metricRollup.deleteMany({ where: { minute: { lt: rollupCutoff } } });
  await ctx.db.metricRollupWrite.deleteMany({ where: { minute: { lt: rollupCutoff } } });
  return { eventDays: dropped!.n, partitionsCreated: created!.n, rollups: rollups.count };
}
