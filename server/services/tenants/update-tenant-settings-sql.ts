// The lock on an organisation's row while its settings change (update-tenant-settings.ts; also
// taken by life/apply-conclusion-lifetime.ts).
import { Prisma } from '../../db/generated/client';

/** Locks the tenant `ref`'s row until the transaction ends. */
export function lockTenantRowSql(ref: string): Prisma.Sql {
  return Prisma.sql`SELECT "ref" FROM "tenant" WHERE "ref" = ${ref} FOR UPDATE`;
}
