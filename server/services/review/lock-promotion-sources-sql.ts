// The lock on the conclusions behind a promotion (lock-promotion-sources.ts).
import { Prisma } from '../../db/generated/client';

/** Locks the records `ids`, in any state, until the transaction ends. */
export function lockPromotionSourcesSql(ids: string[]): Prisma.Sql {
  return Prisma.sql`SELECT "id" FROM "agent_memory" WHERE "id" = ANY(${ids}::text[]) FOR UPDATE`;
}
