// The statement that takes a batch of the expiry job's rows (sweep-expired-memories.ts), and the
// schema of its rows.
import { expiredDeleteBefore } from '../../domain';
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import { expiredBeforeSql, expiryPassedSql } from '../memories/visible-rows';

/** A row's id. */
export const ID_ROW = z.object({ id: z.string() });

/**
 * Locks (skipping locked ones) up to `batch` rows the step acts on at `now`: `expire`, those whose
 * expiry passed; `delete`, those expired before their 30 days ended.
 */
export function dueForSweepSql(step: 'expire' | 'delete', now: Date, batch: number): Prisma.Sql {
  const due = step === 'expire' ? expiryPassedSql('m', now) : expiredBeforeSql('m', expiredDeleteBefore(now));
  return Prisma.sql`SELECT m."id" FROM "agent_memory" m WHERE ${due} ORDER BY "id" LIMIT ${batch} FOR UPDATE SKIP LOCKED`;
}
