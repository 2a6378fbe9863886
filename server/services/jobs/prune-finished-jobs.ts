// Forgets finished jobs and webhook deliveries after FINISHED_JOB_KEEP_DAYS (docs/operations.md
// "Jobs"), run with the diagnostics retention job. Recurring and pending jobs are never finished,
// so they stay.
import { FINISHED_JOB_KEEP_DAYS } from '../../domain';
import type { ServiceCall } from '../context';

export async function pruneFinishedJobs({ ctx }: Omit<ServiceCall<undefined>, 'input'>): Promise<{ jobs: number; deliveries: number }> {
  const cutoff = new Date(ctx.now().getTime() - FINISHED_JOB_KEEP_DAYS * 86_400_000);
  const jobs = await ctx.db.job.deleteMany({ where: { OR: [{ doneAt: { lt: cutoff } }, { failedAt: { lt: cutoff } }] } });
  const deliveries = await ctx.db.webhookDelivery.deleteMany({
    where: { createdAt: { lt: cutoff }, status: { in: ['delivered', 'failed', 'cancelled'] } },
  });
  return { jobs: jobs.count, deliveries: deliveries.count };
}
