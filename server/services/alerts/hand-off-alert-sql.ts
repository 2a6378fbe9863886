// The lock on the alert being handed over (hand-off-alert.ts).
import { Prisma } from '../../db/generated/client';

/** Locks alert `id` until the transaction ends. */
export function lockAlertSql(id: string): Prisma.Sql {
  return Prisma.sql`SELECT "id" FROM "alert" WHERE "id" = ${id} FOR UPDATE`;
}
