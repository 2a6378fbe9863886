// Forgets diagnostics past their retention (docs/runtime-api.md "Runtime diagnostics"): raw events
// and idempotency keys after RUNTIME_EVENT_RETENTION_DAYS, rollups after ROLLUP_RETENTION_DAYS.
import type { ServiceCall } from '../context';

export const ROLLUP_RETENTION_DAYS = 400;
const DAY_MS = 86_400_000;

export interface PruneDiagnosticsInput {
  eventRetentionDays: number;
}

export async function pruneDiagnostics({ ctx, input }: ServiceCall<PruneDiagnosticsInput>): Promise<{ events: number; rollups: number }> {
  const now = ctx.now().getTime();
  const eventCutoff = new Date(now - input.eventRetentionDays * DAY_MS);
  const rollupCutoff = new Date(now - ROLLUP_RETENTION_DAYS * DAY_MS);
  const events = await ctx.db.runtimeEvent.deleteMany({ where: { at: { lt: eventCutoff } } });
  await ctx.db.ingestIdempotencyKey.deleteMany({ where: { createdAt: { lt: eventCutoff } } });
  const rollups = await ctx.db.metricRollup.deleteMany({ where: { minute: { lt: rollupCutoff } } });
  await ctx.db.metricRollupWrite.deleteMany({ where: { minute: { lt: rollupCutoff } } });
  return { events: events.count, rollups: rollups.count };
}
