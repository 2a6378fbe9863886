// The lock a transaction takes on its writer's row when the work changes that row
// (run-transaction.ts); the share lock otherwise taken is people/people-locks-sql.ts's sharePersonSql.
import { Prisma } from '../db/generated/client';

/** Locks the writer `userId`'s row for a change (NO KEY UPDATE) and reads whether they are disabled. */
export function lockWriterSql(userId: string): Prisma.Sql {
  return Prisma.sql`SELECT "disabled" FROM "user" WHERE "id" = ${userId} FOR NO KEY UPDATE`;
}
