// The lock that serialises the appends to one audit chain (append-audit-rows.ts).
import { Prisma } from '../../db/generated/client';

/** Takes the advisory lock (`lockKey`, hashtext of the chain) on `chain` until the transaction ends. */
export function auditChainLockSql(lockKey: number, chain: string): Prisma.Sql {
  return Prisma.sql`SELECT pg_advisory_xact_lock(${lockKey}::int4, hashtext(${chain}))`;
}
