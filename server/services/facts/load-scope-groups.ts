// The people a scope applies to, as groups that share one set of scopes and one budget: one SQL
// query that aggregates each person's memberships and counts people per (tenant, set).
// People with the same scopes get the same forecast, so the domain computes each set once.
import { GLOBAL_SCOPE, resolveScopes, scopeKind, scopeRef, TENANT_KIND, type ScopeGroup } from '../../domain';
import { scopePrecedenceFromEnv } from '../../config/scope-precedence';
import { Prisma } from '../../db/generated/client';
import { z } from 'zod';
import { readRows, type ServiceCall } from '../context';

export interface PeopleGroup extends ScopeGroup {
  tenantRef: string;
  memberships: string[];
}

export interface LoadScopeGroupsInput {
  /** The people this scope applies to. */
  scope: string;
  /** Only people of these tenants; null: every tenant. */
  tenants: string[] | null;
}

function appliesTo(scope: string): Prisma.Sql {
  if (scope === GLOBAL_SCOPE) return Prisma.sql`TRUE`;
  if (scopeKind(scope) === TENANT_KIND) return Prisma.sql`u."tenantRef" = ${scopeRef(scope)}`;
  return Prisma.sql`EXISTS (SELECT 1 FROM "scope_membership" s WHERE s."userId" = u."id" AND s."scopeToken" = ${scope})`;
}

/** One row per (tenant, set of memberships): its budget and how many people hold it. */
const SCOPE_GROUP_ROW = z.object({ tenantRef: z.string(), maxMemories: z.number(), tokens: z.array(z.string()), people: z.number() });

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

export async function loadScopeGroups({ ctx, input }: ServiceCall<LoadScopeGroupsInput>): Promise<PeopleGroup[]> {
  const rows = await readRows(ctx, scopeGroupsSql(input), SCOPE_GROUP_ROW);
  const precedence = scopePrecedenceFromEnv();
  return rows.map((row) => ({
    tenantRef: row.tenantRef,
    memberships: row.tokens,
    // The person's own scope comes first; their own values are never pinned, so it is left out.
    scopes: resolveScopes({ actorRef: 'forecast', tenantRef: row.tenantRef, memberships: row.tokens }, precedence).slice(1),
    people: row.people,
    maxMemories: row.maxMemories,
  }));
}
