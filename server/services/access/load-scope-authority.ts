// What the one asking holds over a custom scope: its tenant must be one they administer (or, for
// memberships, the scope itself); another organisation's scope is answered like one that does
// not exist, their own organisation's without the authority is refused with a reason.
import { tenantScope } from '../../domain';
import { administers } from '../../auth/administers';
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
  const allowed =
    input.needs === 'tenant'
      ? administers(viewer.grants, tenantScope(scope.tenantRef), scope.tenantRef)
      : administers(viewer.grants, scope.token, scope.tenantRef);
  if (allowed) return scope;
  if (scope.tenantRef !== viewer.tenant.ref && !administers(viewer.grants, scope.token, scope.tenantRef)) throw notFound('That scope');
  throw new DomainError('FORBIDDEN', 'Only an administrator of this organisation may change its scopes.', { reason: 'NO_AUTHORITY' });
}

