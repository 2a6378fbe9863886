// The statement that finds the tenant of many scopes at once (tenants-of-scopes.ts), and the schema
// of its rows.
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';

/** A tenant, person or custom scope found, with the tenant it belongs to. */
export const ownerRowSchema = z.object({ kind: z.enum(['tenant', 'actor', 'custom']), name: z.string(), tenantRef: z.string() });

/** The tenants among `tenantRefs`, the people among `actorRefs` and the custom scopes among `custom` that exist. */
export function scopeOwnersSql(tenantRefs: string[], actorRefs: string[], custom: string[]): Prisma.Sql {
  return Prisma.sql`SELECT 'tenant' AS "kind", "ref" AS "name", "ref" AS "tenantRef" FROM "tenant" WHERE "ref" = ANY(${tenantRefs}::text[])
      UNION ALL SELECT 'actor', "actorRef", "tenantRef" FROM "user" WHERE "actorRef" = ANY(${actorRefs}::text[])
      UNION ALL SELECT 'custom', "token", "tenantRef" FROM "scope_definition" WHERE "token" = ANY(${custom}::text[])`;
}
