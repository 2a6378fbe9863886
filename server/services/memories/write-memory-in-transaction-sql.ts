// The statement of a memory write that serialises the writes adding to one scope's count
// (write-memory-in-transaction.ts).
import { Prisma } from '../../db/generated/client';

/** Takes the transaction's advisory lock on `scope`'s count (released when the transaction ends). */
export function lockScopeCountSql(scope: string): Prisma.Sql {
  return Prisma.sql`SELECT pg_advisory_xact_lock(hashtextextended(${`memory-count:${scope}`}, 0))`;
}
