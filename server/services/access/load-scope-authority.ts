// What the one asking holds over a custom scope: its tenant must be one they administer (or, for
// memberships, the scope itself); another organisation's scope is answered like one that does
// not exist, their own organisation's without the authority is refused with a reason.
import { administers, administersTenant, reachOf } from '../../domain';
import { DomainError, notFound } from '../../errors/domain-error';
import type { PeopleViewer } from '../people/person-authority';
import type { ServiceCall } from '../context';

export interface LoadScopeAuthorityInput {
  viewer: PeopleViewer;
  token: string;
  /** 'tenant': create, rename, delete; 'scope': an administrator of the scope itself is enough. */
  needs: 'tenant' | 'scope';
}

export async function loadScopeAuthority({ ctx, input }: ServiceCall<LoadScopeAuthorityInput>) {
  const { viewer } = input;
  const scope = await ctx.db.scopeDefinition.findUnique({ where: { token: input.token } });
  if (!scope) throw notFound('That scope');
  const reach = reachOf(viewer.grants);
  const administersScope = administers(reach, scope.token, scope.tenantRef);
  if (input.needs === 'tenant' ? administersTenant(reach, scope.tenantRef) : administersScope) return scope;
  if (scope.tenantRef !== viewer.tenant.ref && !administersScope) throw notFound('That scope');
  throw new DomainError('FORBIDDEN', 'Only an administrator of this organisation may change its scopes.', { reason: 'NOT_ADMINISTRATOR' });
}
