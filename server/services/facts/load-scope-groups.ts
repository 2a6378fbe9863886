// The people a scope applies to, as groups that share one set of scopes and one budget: one SQL
// query that aggregates each person's memberships and then counts people per (tenant, set).
// People with the same scopes get the same forecast, so the domain computes each set once.
import { GLOBAL_SCOPE, resolveScopes, scopeKind, scopeRef, TENANT_KIND, type ScopeGroup } from '../../domain';
import { scopePrecedenceFromEnv } from '../../config/scope-precedence';
import { Prisma } from '../../db/generated/client';
import type { ServiceCall } from '../context';

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

export async function loadScopeGroups({ ctx, input }: ServiceCall<LoadScopeGroupsInput>): Promise<PeopleGroup[]> {
  const tenantFilter = input.tenants === null ? Prisma.sql`TRUE` : Prisma.sql`u."tenantRef" = ANY(${input.tenants}::text[])`;
  const rows = await ctx.db.$queryRaw<{ tenantRef: string; maxMemories: number; tokens: string[]; people: number }[]>`
    WITH person AS (
      SELECT u."tenantRef",
        coalesce(array_agg(sm."scopeToken" ORDER BY sm."position", sm."scopeToken") FILTER (WHERE sm."scopeToken" IS NOT NULL), '{}') AS tokens
      FROM "user" u LEFT JOIN "scope_membership" sm ON sm."userId" = u."id"
      WHERE NOT u."disabled" AND ${tenantFilter} AND ${appliesTo(input.scope)}
      GROUP BY u."id", u."tenantRef"
    )
    SELECT p."tenantRef", t."maxMemories", p.tokens, count(*)::int AS people
    FROM person p JOIN "tenant" t ON t."ref" = p."tenantRef"
    GROUP BY p."tenantRef", t."maxMemories", p.tokens
    ORDER BY p."tenantRef", p.tokens`;
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
