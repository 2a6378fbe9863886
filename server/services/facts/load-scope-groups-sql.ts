// The statement that groups the people a scope applies to by their set of scopes
// (load-scope-groups.ts), and the schema of its rows.
import { GLOBAL_SCOPE, scopeKind, scopeRef, TENANT_KIND } from '../../domain';
import { Prisma } from '../../db/generated/client';
import { z } from 'zod';
import type { LoadScopeGroupsInput } from './load-scope-groups';

/** The people `scope` applies to, as a condition on `user u`. */
function appliesTo(scope: string): Prisma.Sql {
  if (scope === GLOBAL_SCOPE) return Prisma.sql`TRUE`;
  if (scopeKind(scope) === TENANT_KIND) return Prisma.sql`u."tenantRef" = ${scopeRef(scope)}`;
  return Prisma.sql`EXISTS (SELECT 1 FROM "scope_membership" s WHERE s."userId" = u."id" AND s."scopeToken" = ${scope})`;
}

/** One row per (tenant, set of memberships): its budget and how many people hold it. */
export const SCOPE_GROUP_ROW = z.object({
  tenantRef: z.string(),
  maxMemories: z.number(),
  tokens: z.array(z.string()),
  people: z.number(),
});

/** The query itself, exported so the benchmark can EXPLAIN ANALYZE exactly what the forecast runs. */
export function scopeGroupsSql(input: LoadScopeGroupsInput): Prisma.Sql {
  const tenantFilter = input.tenants === null ? Prisma.sql`TRUE` : Prisma.sql`u."tenantRef" = ANY(${input.tenants}::text[])`;
  // Only people with memberships need their set aggregated; everyone else has the empty set.
  return Prisma.sql`
    WITH sets AS (
      SELECT sm."userId", array_agg(sm."scopeToken" ORDER BY sm."position", sm."scopeToken") AS tokens
      FROM "scope_membership" sm GROUP BY sm."userId"
    )
    SELECT u."tenantRef", t."maxMemories", coalesce(s.tokens, '{}') AS tokens, count(*)::int AS people
    FROM "user" u JOIN "tenant" t ON t."ref" = u."tenantRef" LEFT JOIN sets s ON s."userId" = u."id"
    WHERE NOT u."disabled" AND NOT u."system" AND ${tenantFilter} AND ${appliesTo(input.scope)}
    GROUP BY u."tenantRef", t."maxMemories", coalesce(s.tokens, '{}')
    ORDER BY 1, 3`;
}
