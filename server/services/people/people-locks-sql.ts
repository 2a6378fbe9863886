// The locks the people services take before they judge a change: the tenant's row
// (lock-tenant-administrators.ts) and a person's row (disable-person.ts, reset-password.ts).
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';

/** Whether the person is disabled. */
export const DISABLED_ROW = z.object({ disabled: z.boolean() });

/** Locks tenant `ref`'s row (NO KEY UPDATE: rows that merely refer to the tenant are not held up). */
export function lockTenantNoKeySql(ref: string): Prisma.Sql {
  return Prisma.sql`SELECT "ref" FROM "tenant" WHERE "ref" = ${ref} FOR NO KEY UPDATE`;
}

/** Locks person `id`'s row for a change (NO KEY UPDATE: it waits for their writes, not for rows that refer to them). */
export function lockPersonNoKeySql(id: string): Prisma.Sql {
  return Prisma.sql`SELECT "id" FROM "user" WHERE "id" = ${id} FOR NO KEY UPDATE`;
}

/** Reads whether person `id` is disabled under a share lock (a disable waits for it). */
export function sharePersonSql(id: string): Prisma.Sql {
  return Prisma.sql`SELECT "disabled" FROM "user" WHERE "id" = ${id} FOR SHARE`;
}
