// scopes.list: an organisation's custom scopes with their members and how many memories each
// holds, the people who could be members, and the kinds a new scope may have.
import { customScopeKinds } from '../../domain';
import type { PeopleViewer } from '../people/person-authority';
import type { ServiceCall } from '../context';
import { loadAdministeredTenant } from '../tenants/load-administered-tenant';

export interface ListCustomScopesInput {
  viewer: PeopleViewer;
  tenantRef: string;
  /** The configured order of scope kinds (SCOPE_PRECEDENCE). */
  precedence: readonly string[];
}

export async function listCustomScopes({ ctx, input }: ServiceCall<ListCustomScopesInput>) {
  const tenant = await loadAdministeredTenant({ ctx, input });
  const [scopes, counts, people, kinds] = await Promise.all([
    ctx.db.scopeDefinition.findMany({
      where: { tenantRef: tenant.ref },
      orderBy: [{ label: 'asc' }, { token: 'asc' }],
      include: {
        memberships: {
          where: { user: { system: false } },
          select: { user: { select: { id: true, name: true, email: true, disabled: true } } },
          orderBy: { user: { name: 'asc' } },
        },
      },
    }),
    ctx.db.agentMemory.groupBy({ by: ['scope'], where: { tenantRef: tenant.ref }, _count: { _all: true } }),
    ctx.db.user.findMany({
      where: { tenantRef: tenant.ref, system: false, disabled: false },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      select: { id: true, name: true, email: true },
    }),
    ctx.db.scopeDefinition.findMany({ distinct: ['kind'], select: { kind: true }, orderBy: { kind: 'asc' } }),
  ]);
  const held = new Map(counts.map((count) => [count.scope, count._count._all]));
  return {
    tenant: { ref: tenant.ref, name: tenant.name },
    kinds: customScopeKinds(
      input.precedence,
      kinds.map((row) => row.kind),
    ),
    scopes: scopes.map((scope) => ({
      token: scope.token,
      kind: scope.kind,
      label: scope.label,
      memoryCount: held.get(scope.token) ?? 0,
      members: scope.memberships.map(({ user }) => ({ userId: user.id, name: user.name, email: user.email, disabled: user.disabled })),
    })),
    people: people.map((person) => ({ userId: person.id, name: person.name, email: person.email })),
  };
}
