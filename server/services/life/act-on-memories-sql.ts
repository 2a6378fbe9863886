// The lock a bulk action on memories takes before it judges any row (act-on-memories.ts).
import { Prisma } from '../../db/generated/client';

/** Locks the records `ids`, in any state, in id order (so two bulk actions never deadlock). */
export function lockMemoriesInOrderSql(ids: string[]): Prisma.Sql {
  return Prisma.sql`SELECT "id" FROM "agent_memory" WHERE "id" = ANY(${ids}::text[]) ORDER BY "id" FOR UPDATE`;
}
