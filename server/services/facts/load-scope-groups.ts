// The people a scope applies to, as groups that share one set of scopes and one budget: one SQL
// query that aggregates each person's memberships and counts people per (tenant, set).
// People with the same scopes get the same forecast, so the domain computes each set once.
import { resolveScopes, type ScopeGroup } from '../../domain';
import { scopePrecedenceFromEnv } from '../../config/scope-precedence';
import { readRows, type ServiceCall } from '../context';
import { SCOPE_GROUP_ROW, scopeGroupsSql } from './load-scope-groups-sql';

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
