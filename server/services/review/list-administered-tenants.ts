// Which organisations' conclusions the viewer may review: every tenant they administer
// (administeredTenants; a global administrator administers them all). Only a global
// administrator's list needs the tenant table; anyone else's follows from their grants.
import { administeredTenants, reachOf, type GrantLike } from '../../domain';
import { DomainError, notFound } from '../../errors/domain-error';
import type { ServiceCall } from '../context';

export interface ListAdministeredTenantsInput {
  viewer: { grants: GrantLike[] };
  /** Narrow to this one tenant; one the viewer does not administer is answered NOT_FOUND. */
  tenantRef?: string;
}

export async function listAdministeredTenants({ ctx, input }: ServiceCall<ListAdministeredTenantsInput>): Promise<string[]> {
  const administered = administeredTenants(reachOf(input.viewer.grants));
  const candidates = administered ?? (await ctx.db.tenant.findMany({ select: { ref: true } })).map((tenant) => tenant.ref);
  const refs = [...new Set(candidates)].sort();
  if (refs.length === 0) {
    throw new DomainError('FORBIDDEN', 'Reviewing the assistant’s conclusions needs administrator rights for an organisation.', {
      reason: 'NOT_ADMINISTRATOR',
    });
  }
  if (input.tenantRef === undefined) return refs;
  if (!refs.includes(input.tenantRef)) throw notFound('That organisation');
  return [input.tenantRef];
}
