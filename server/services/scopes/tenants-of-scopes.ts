// Which tenant each scope token belongs to (null for global), for many scopes at once, in one
// statement (an ingest batch names hundreds; docs/runtime-api.md "Runtime diagnostics"). Scopes that name
// nothing (an unknown actor, tenant or custom scope) are absent from the answer. tenant-of-scope.ts
// asks this for a single scope.
import { ACTOR_KIND, actorScope, GLOBAL_SCOPE, scopeKind, scopeRef, TENANT_KIND, tenantScope } from '../../domain';
import { readRows, type ServiceCall } from '../context';
import { ownerRowSchema, scopeOwnersSql } from './tenants-of-scopes-sql';

export interface TenantsOfScopesInput {
  scopes: string[];
}

export async function tenantsOfScopes({ ctx, input }: ServiceCall<TenantsOfScopesInput>): Promise<Map<string, string | null>> {
  const scopes = [...new Set(input.scopes)];
  const refsOf = (kind: string) => scopes.filter((scope) => scopeKind(scope) === kind).map((scope) => scopeRef(scope) ?? '');
  const custom = scopes.filter((scope) => scope !== GLOBAL_SCOPE && ![ACTOR_KIND, TENANT_KIND].includes(scopeKind(scope)));
  const [tenantRefs, actorRefs] = [refsOf(TENANT_KIND), refsOf(ACTOR_KIND)];
  const owners = new Map<string, string | null>();
  if (scopes.includes(GLOBAL_SCOPE)) owners.set(GLOBAL_SCOPE, null);
  if (tenantRefs.length + actorRefs.length + custom.length === 0) return owners;
  const rows = await readRows(ctx, scopeOwnersSql(tenantRefs, actorRefs, custom), ownerRowSchema);
  for (const { kind, name, tenantRef } of rows) {
    owners.set(kind === 'tenant' ? tenantScope(name) : kind === 'actor' ? actorScope(name) : name, tenantRef);
  }
  return owners;
}
