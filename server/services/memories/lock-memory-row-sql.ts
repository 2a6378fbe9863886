// The locks taken on agent_memory rows before they are read and changed (lock-memory-row.ts,
// delete-shared-memory.ts).
import { Prisma } from '../../db/generated/client';

/** Locks the (scope, key) record, if it exists, until the transaction ends. */
export function lockMemoryRowSql(scope: string, key: string): Prisma.Sql {
  return Prisma.sql`SELECT "id" FROM "agent_memory" WHERE "scope" = ${scope} AND "key" = ${key} FOR UPDATE`;
}

/** Locks one record by id, in any state, until the transaction ends. */
export function lockMemoryByIdSql(id: string): Prisma.Sql {
  return Prisma.sql`SELECT "id" FROM "agent_memory" WHERE "id" = ${id} FOR UPDATE`;
}
