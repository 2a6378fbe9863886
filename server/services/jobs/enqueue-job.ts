// Adds a job row (docs/operations.md "Jobs"). With a uniqueKey, a second enqueue of the same key
// (from another instance, or a retried request) adds nothing: the row already there wins.
import type { Prisma } from '../../db/generated/client';
import type { ServiceCall } from '../context';

export interface EnqueueJobInput {
  kind: string;
  payload: Prisma.InputJsonValue;
  uniqueKey?: string;
  /** Default: now. */
  runAt?: Date;
  maxAttempts: number;
}

/** Whether a row was added (false: a job with that uniqueKey exists). */
export async function enqueueJob({ ctx, input }: ServiceCall<EnqueueJobInput>): Promise<boolean> {
  const now = ctx.now();
  const added = await ctx.db.job.createMany({
    data: [
      {
        id: ctx.newId('job'),
        kind: input.kind,
        uniqueKey: input.uniqueKey ?? null,
        payload: input.payload,
        runAt: input.runAt ?? now,
        maxAttempts: input.maxAttempts,
        createdAt: now,
      },
    ],
    skipDuplicates: true,
  });
  return added.count === 1;
}
