// The tenants a person's Operations view covers (docs/features.md "Operations"): the one asked for, if within
// reach, else every tenant within reach. No reach is FORBIDDEN; a tenant outside it is NOT_FOUND.
import { requireOperations } from '../../auth/require-authority';
import { reachesOperationsOf, type GrantLike } from '../../domain';
import { notFound } from '../../errors/domain-error';
import type { ServiceCall } from '../context';

export interface OperationsTenantsInput {
  viewer: { grants: GrantLike[] };
  tenantRef?: string;
}

export interface OperationsTenants {
  /** Every tenant the person may pick, by name. */
  options: { ref: string; name: string }[];
  /** The tenants to show now. */
  refs: string[];
}

export async function operationsTenants({ ctx, input }: ServiceCall<OperationsTenantsInput>): Promise<OperationsTenants> {
  const reach = requireOperations(input.viewer);
  const options = (await ctx.db.tenant.findMany({ orderBy: { name: 'asc' }, select: { ref: true, name: true } })).filter((tenant) =>
    reachesOperationsOf(reach, tenant.ref),
  );
  if (input.tenantRef === undefined) return { options, refs: options.map((tenant) => tenant.ref) };
  if (!options.some((tenant) => tenant.ref === input.tenantRef)) throw notFound('That tenant');
  return { options, refs: [input.tenantRef] };
}
