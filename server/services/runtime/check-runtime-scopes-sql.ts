// The statement that finds which of a runtime request's scopes its organisation holds
// (check-runtime-scopes.ts), and the schema of its rows.
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';

/** A scope the organisation holds: a person's actorRef (`actor`) or a custom scope's token. */
export const heldScopeRowSchema = z.object({ scope: z.string(), actor: z.boolean() });

/** The tenant's people among `actorRefs` and its custom scopes among `custom`. */
export function heldScopesSql(tenantRef: string, actorRefs: string[], custom: string[]): Prisma.Sql {
  return Prisma.sql`SELECT "actorRef" AS "scope", TRUE AS "actor" FROM "user" WHERE "tenantRef" = ${tenantRef} AND "actorRef" = ANY(${actorRefs}::text[])
        UNION ALL SELECT "token", FALSE FROM "scope_definition" WHERE "tenantRef" = ${tenantRef} AND "token" = ANY(${custom}::text[])`;
}
