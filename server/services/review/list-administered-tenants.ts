// Which organisations' conclusions the viewer may review: every tenant they administer
// (`administers` on the tenant's scope; a global administrator administers them all). Only a
// global administrator's list needs the tenant table; anyone else's follows from their grants.
import { GLOBAL_SCOPE, scopeKind, scopeRef, TENANT_KIND, tenantScope } from '../../domain';
import { administers, type GrantLike } from '../../auth/administers';
import { DomainError, notFound } from '../../errors/domain-error';
import type { ServiceCall } from '../context';

export interface ListAdministeredTenantsInput {
  viewer: { grants: GrantLike[] };
  /** Narrow to this one tenant; one the viewer does not administer is answered NOT_FOUND. */
  tenantRef?: string;
}

export async function listAdministeredTenants({ ctx, input }: ServiceCall<ListAdministeredTenantsInput>): Promise<string[]> {
  const { grants } = input.viewer;
  const candidates = grants.some((grant) => grant.scope === GLOBAL_SCOPE)
    ? (await ctx.db.tenant.findMany({ select: { ref: true } })).map((tenant) => tenant.ref)
    : grants.flatMap((grant) => (scopeKind(grant.scope) === TENANT_KIND ? [scopeRef(grant.scope)!] : []));
  const refs = [...new Set(candidates)].filter((ref) => administers(grants, tenantScope(ref), null)).sort();
  if (refs.length === 0) {
    throw new DomainError('FORBIDDEN', 'Reviewing the assistant’s conclusions needs administrator rights for an organisation.', {
      reason: 'NOT_AN_ADMINISTRATOR',
    });
  }
  if (input.tenantRef === undefined) return refs;
  if (!refs.includes(input.tenantRef)) throw notFound('That organisation');
  return [input.tenantRef];
}
