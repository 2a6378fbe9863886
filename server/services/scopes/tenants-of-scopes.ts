// Which tenant each scope token belongs to (null for global), for many scopes at once: one lookup
// per kind, run side by side. Scopes that name nothing (an unknown actor, tenant or custom scope)
// are absent from the answer. tenant-of-scope.ts asks this for a single scope.
import { ACTOR_KIND, actorScope, GLOBAL_SCOPE, scopeKind, scopeRef, TENANT_KIND, tenantScope } from '../../domain';
import type { ServiceCall } from '../context';

export interface TenantsOfScopesInput {
  scopes: string[];
}

export async function tenantsOfScopes({ ctx, input }: ServiceCall<TenantsOfScopesInput>): Promise<Map<string, string | null>> {
  const { db } = ctx;
  const refsOf = (kind: string) => input.scopes.filter((scope) => scopeKind(scope) === kind).map((scope) => scopeRef(scope) ?? '');
  const custom = input.scopes.filter((scope) => scope !== GLOBAL_SCOPE && ![ACTOR_KIND, TENANT_KIND].includes(scopeKind(scope)));
  const [tenantRefs, actorRefs] = [refsOf(TENANT_KIND), refsOf(ACTOR_KIND)];
  const [tenants, users, defined] = await Promise.all([
    tenantRefs.length ? db.tenant.findMany({ where: { ref: { in: tenantRefs } }, select: { ref: true } }) : [],
    actorRefs.length ? db.user.findMany({ where: { actorRef: { in: actorRefs } }, select: { actorRef: true, tenantRef: true } }) : [],
    custom.length ? db.scopeDefinition.findMany({ where: { token: { in: custom } }, select: { token: true, tenantRef: true } }) : [],
  ]);
  const owners = new Map<string, string | null>();
  if (input.scopes.includes(GLOBAL_SCOPE)) owners.set(GLOBAL_SCOPE, null);
  for (const tenant of tenants) owners.set(tenantScope(tenant.ref), tenant.ref);
  for (const user of users) owners.set(actorScope(user.actorRef), user.tenantRef);
  for (const definition of defined) owners.set(definition.token, definition.tenantRef);
  return owners;
}
