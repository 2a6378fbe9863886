// Which tenant's group an administrator means by a key: among the tenants they administer, the one
// whose people hold conclusions under it (or that dismissed it). Unknown there → NOT_FOUND.
import type { GrantLike } from '../../domain';
import { DomainError, notFound } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import { listAdministeredTenants } from './list-administered-tenants';

export interface ReviewGroupRef {
  tenantRef: string;
  key: string;
}

export interface ResolveReviewGroupInput {
  viewer: { grants: GrantLike[] };
  key: string;
  tenantRef?: string;
}

export async function resolveReviewGroup({ ctx, input }: ServiceCall<ResolveReviewGroupInput>): Promise<ReviewGroupRef> {
  const tenants = await listAdministeredTenants({ ctx, input: { viewer: input.viewer, tenantRef: input.tenantRef } });
  const where = { tenantRef: { in: tenants }, key: input.key };
  const [summaries, dismissals] = await Promise.all([
    ctx.db.reviewSummary.findMany({ where, select: { tenantRef: true }, distinct: ['tenantRef'] }),
    ctx.db.reviewDismissal.findMany({ where, select: { tenantRef: true } }),
  ]);
  const found = [...new Set([...summaries, ...dismissals].map((row) => row.tenantRef))];
  if (found.length === 0) throw notFound('That group of conclusions');
  if (found.length > 1) {
    throw new DomainError('INVALID', 'People of several organisations share this key; say which one.', {
      fieldErrors: [{ field: 'tenantRef', message: `tenantRef is required: one of ${found.sort().join(', ')}` }],
    });
  }
  return { tenantRef: found[0]!, key: input.key };
}
