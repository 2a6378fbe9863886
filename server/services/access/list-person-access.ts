// "Roles and groups" of one person (grants.list): their grants and custom-scope memberships, the
// scopes of their organisation, and which roles the one asking may hand out.
import { GLOBAL_SCOPE, isLastAdministrator, tenantScope } from '../../domain';
import { DomainError } from '../../errors/domain-error';
import type { PeopleViewer } from '../people/person-authority';
import type { ServiceCall } from '../context';
import { loadPersonAuthority } from './load-person-authority';

export interface ListPersonAccessInput {
  viewer: PeopleViewer;
  userId: string;
}

export async function listPersonAccess({ ctx, input }: ServiceCall<ListPersonAccessInput>) {
  const { person, administersPersonTenant, globalAdmin } = await loadPersonAuthority({ ctx, input });
  if (!administersPersonTenant) {
    throw new DomainError('FORBIDDEN', "Only an administrator of this person's organisation may see their roles.", {
      reason: 'NOT_ADMINISTRATOR',
    });
  }
  const tenantToken = tenantScope(person.tenantRef);
  const [grants, memberships, scopes, tenantAdmins] = await Promise.all([
    ctx.db.grant.findMany({ where: { userId: person.id }, orderBy: [{ scope: 'asc' }, { role: 'asc' }] }),
    ctx.db.scopeMembership.findMany({ where: { userId: person.id }, select: { scopeToken: true } }),
    ctx.db.scopeDefinition.findMany({ where: { tenantRef: person.tenantRef }, orderBy: [{ label: 'asc' }, { token: 'asc' }] }),
    ctx.db.grant.findMany({
      where: { scope: tenantToken, role: 'admin', user: { disabled: false, system: false } },
      select: { userId: true, scope: true, role: true },
    }),
  ]);
  const labels = new Map<string, string>([
    [GLOBAL_SCOPE, 'Everyone (global)'],
    [tenantToken, person.tenant.name],
    ...scopes.map((scope) => [scope.token, scope.label] as [string, string]),
  ]);
  const lastAdmin = isLastAdministrator({ grants: tenantAdmins, tenantRef: person.tenantRef, userId: person.id });
  const member = new Set(memberships.map((membership) => membership.scopeToken));
  return {
    person: {
      id: person.id,
      name: person.name,
      email: person.email,
      disabled: person.disabled,
      tenantRef: person.tenantRef,
      tenantName: person.tenant.name,
    },
    grants: grants.map((grant) => ({
      id: grant.id,
      scope: grant.scope,
      role: grant.role,
      label: labels.get(grant.scope) ?? grant.scope,
      createdAt: grant.createdAt.toISOString(),
      lastAdministrator: lastAdmin && grant.role === 'admin' && grant.scope === tenantToken,
      removable: (grant.scope !== GLOBAL_SCOPE || globalAdmin) && !(lastAdmin && grant.role === 'admin' && grant.scope === tenantToken),
    })),
    scopes: scopes.map((scope) => ({ token: scope.token, label: scope.label, member: member.has(scope.token) })),
    /** Where the one asking may grant roles to this person. */
    grantable: [
      { scope: tenantToken, label: person.tenant.name, roles: ['admin', 'operator'] as const },
      ...scopes.map((scope) => ({ scope: scope.token, label: scope.label, roles: ['admin'] as const })),
      ...(globalAdmin ? [{ scope: GLOBAL_SCOPE, label: 'Everyone (global)', roles: ['admin', 'operator'] as const }] : []),
    ],
  };
}
