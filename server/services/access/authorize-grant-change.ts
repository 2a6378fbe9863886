// The check before adding or removing a grant: loads the person and the scope's owner and asks the
// domain (decideGrantChange); a refusal becomes the matching error.
import { administersTenant, decideGrantChange, GLOBAL_SCOPE, reachOf, type GrantRoleName } from '../../domain';
import { DomainError } from '../../errors/domain-error';
import type { PeopleViewer } from '../people/person-authority';
import type { ServiceCall } from '../context';
import { tenantsOfScopes } from '../scopes/tenants-of-scopes';
import { loadPersonAuthority } from './load-person-authority';

export interface AuthorizeGrantChangeInput {
  viewer: PeopleViewer;
  userId: string;
  scope: string;
  role: GrantRoleName;
}

export async function authorizeGrantChange({ ctx, input }: ServiceCall<AuthorizeGrantChangeInput>) {
  const authority = await loadPersonAuthority({ ctx, input });
  const { person } = authority;
  // Only tenant, custom and global scopes carry grants; anything else names no scope here.
  const owners = await tenantsOfScopes({ ctx, input: { scopes: [input.scope] } });
  const isActor = input.scope.startsWith('actor:');
  const known = owners.has(input.scope) && !isActor;
  const scopeTenantRef = known ? (owners.get(input.scope) ?? null) : null;
  const verdict = decideGrantChange({
    scope: input.scope,
    role: input.role,
    scopeTenantRef,
    personTenantRef: person.tenantRef,
    seesPerson: authority.seesPerson,
    administersPersonTenant: authority.administersPersonTenant,
    administersScopeTenant:
      known && (input.scope === GLOBAL_SCOPE ? authority.globalAdmin : administersTenant(reachOf(input.viewer.grants), scopeTenantRef!)),
    globalAdmin: authority.globalAdmin,
  });
  if (!verdict.ok) {
    throw new DomainError(verdict.code, verdict.message, {
      reason: verdict.reason,
      ...(verdict.field ? { fieldErrors: [{ field: verdict.field, message: verdict.message }] } : {}),
    });
  }
  return { person, scopeTenantRef };
}
