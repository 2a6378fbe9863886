// `--inactive=<share>` (docs/benchmarks.md "With muted and expired records"): the readers must keep
// their targets when part of the records are muted or past their expiry. Half of the share is
// muted; the other half carries an expiry that has passed but is still `active` (the expiry job has
// not moved it yet), which only the readers' time predicate keeps out — the harder case for them.
// Chosen by a hash of the id, so a run on a kept database picks the same rows again.
import { Prisma, type PrismaClient } from '../../server/db/generated/client';

/** Makes `share` of `tenantRef`'s records muted or expired (half each); the counts made. */
export async function makeShareInactive(
  db: PrismaClient,
  tenantRef: string,
  share: number,
  now: Date,
): Promise<{ muted: number; expired: number }> {
  if (share <= 0) return { muted: 0, expired: 0 };
  const bucket = Prisma.sql`mod(abs(hashtext("id")), 1000)`;
  const half = Math.round(share * 500);
  const whole = Math.round(share * 1000);
  const muted = await db.$executeRaw`UPDATE "agent_memory" SET "state" = 'muted', "mutedAt" = ${now}
    WHERE "tenantRef" = ${tenantRef} AND "state" = 'active' AND ${bucket} < ${half}`;
  const expired = await db.$executeRaw`UPDATE "agent_memory" SET "expiresAt" = ${new Date(now.getTime() - 3_600_000)}
    WHERE "tenantRef" = ${tenantRef} AND "state" = 'active' AND "expiresAt" IS NULL AND ${bucket} >= ${half} AND ${bucket} < ${whole}`;
  await db.$executeRaw`ANALYZE "agent_memory"`;
  return { muted, expired };
}

/**
 * Adds muted and expired records beside `offered` ones at `scope`, so that they are `share` of
 * what the scope holds while the offered count stays as it is; the number added.
 */
export async function addInactiveBeside(
  db: PrismaClient,
  input: { scope: string; tenantRef: string; offered: number; share: number; now: Date },
): Promise<number> {
  if (input.share <= 0) return 0;
  const count = Math.round((input.offered * input.share) / (1 - input.share));
  const past = new Date(input.now.getTime() - 3_600_000);
  return db.$executeRaw`
    INSERT INTO "agent_memory" ("id", "key", "text", "scope", "tenantRef", "author", "updatedAt", "state", "mutedAt", "expiresAt")
    SELECT 'mem_off_' || md5(${input.scope} || n), 'off-' || n, 'Left-out benchmark record number ' || n || ' about travel and meetings.',
           ${input.scope}, ${input.tenantRef}, 'agent'::"Author", ${input.now},
           CASE WHEN n % 2 = 0 THEN 'muted'::"MemoryState" ELSE 'active'::"MemoryState" END,
           CASE WHEN n % 2 = 0 THEN ${input.now}::timestamp(3) END,
           CASE WHEN n % 2 = 1 THEN ${past}::timestamp(3) END
    FROM generate_series(1, ${count}) AS n
    ON CONFLICT ("scope", "key") DO NOTHING`;
}
