// What each kind of job does (docs/operations.md "Jobs"). The runner looks a claimed job's kind up
// here.
import { webhookAddressPolicy, type Config } from '../config/env';
import { autoResolveAlerts } from '../services/alerts/auto-resolve-alerts';
import { pruneDiagnostics } from '../services/diagnostics/prune-diagnostics';
import { pruneFinishedJobs } from '../services/jobs/prune-finished-jobs';
import { pruneMemoryChanges } from '../services/runtime/prune-memory-changes';
import { AUTO_RESOLVE_ALERTS_JOB, PRUNE_DIAGNOSTICS_JOB, SWEEP_EXPIRED_MEMORIES_JOB } from '../services/jobs/schedule-recurring-jobs';
import { sweepExpiredMemories } from '../services/life/sweep-expired-memories';
import type { JobHandler } from '../services/jobs/run-due-jobs';
import { deliverWebhook } from '../services/webhooks/deliver-webhook';
import { DELIVER_WEBHOOK_JOB } from '../services/webhooks/enqueue-alert-webhook';

export type JobSettings = Pick<Config, 'RUNTIME_EVENT_RETENTION_DAYS' | 'ALERT_QUIET_MINUTES'> & Partial<Pick<Config, 'WEBHOOK_DEV_ALLOW'>>;

export function jobHandlers(settings: JobSettings): Record<string, JobHandler> {
  return {
    [PRUNE_DIAGNOSTICS_JOB]: async (ctx) => {
      await pruneDiagnostics({ ctx, input: { eventRetentionDays: settings.RUNTIME_EVENT_RETENTION_DAYS } });
      await pruneFinishedJobs({ ctx });
      await pruneMemoryChanges({ ctx });
    },
    [AUTO_RESOLVE_ALERTS_JOB]: async (ctx) => {
      await autoResolveAlerts({ ctx, input: { quietMinutes: settings.ALERT_QUIET_MINUTES } });
    },
    [SWEEP_EXPIRED_MEMORIES_JOB]: async (ctx) => {
      await sweepExpiredMemories({ ctx });
    },
    [DELIVER_WEBHOOK_JOB]: (ctx, job) => deliverWebhook({ ctx, input: { job, policy: webhookAddressPolicy(settings) } }),
  };
}
