// The locks on a custom scope's row: deleting it (delete-custom-scope.ts) and changing its members
// (set-membership.ts), with the schema of the row they read.
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';

/** The scope's token: the row exists. */
export const TOKEN_ROW = z.object({ token: z.string() });

/** Locks scope `token`'s row against every change, for its deletion. */
export function lockScopeDefinitionSql(token: string): Prisma.Sql {
  return Prisma.sql`SELECT "token" FROM "scope_definition" WHERE "token" = ${token} FOR UPDATE`;
}

/** Locks scope `token`'s row against its deletion only (FOR KEY SHARE), while its members change. */
export function keyShareScopeDefinitionSql(token: string): Prisma.Sql {
  return Prisma.sql`SELECT "token" FROM "scope_definition" WHERE "token" = ${token} FOR KEY SHARE`;
}
