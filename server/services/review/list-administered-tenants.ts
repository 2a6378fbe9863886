// Which organisations' conclusions the viewer may review: every tenant they administer
// (`administers` on the tenant's scope; a global administrator administers them all).
import { tenantScope } from '../../domain';
import { administers, type GrantLike } from '../../auth/administers';
import { DomainError, notFound } from '../../errors/domain-error';
import type { ServiceCall } from '../context';

export interface ListAdministeredTenantsInput {
  viewer: { grants: GrantLike[] };
  /** Narrow to this one tenant; one the viewer does not administer is answered NOT_FOUND. */
  tenantRef?: string;
}

export async function listAdministeredTenants({ ctx, input }: ServiceCall<ListAdministeredTenantsInput>): Promise<string[]> {
  const tenants = await ctx.db.tenant.findMany({ select: { ref: true }, orderBy: { ref: 'asc' } });
  const refs = tenants.map((tenant) => tenant.ref).filter((ref) => administers(input.viewer.grants, tenantScope(ref), null));
  if (refs.length === 0) {
    throw new DomainError('FORBIDDEN', 'Reviewing the assistant’s conclusions needs administrator rights for an organisation.', {
      reason: 'NOT_AN_ADMINISTRATOR',
    });
  }
  if (input.tenantRef === undefined) return refs;
  if (!refs.includes(input.tenantRef)) throw notFound('That organisation');
  return [input.tenantRef];
}
