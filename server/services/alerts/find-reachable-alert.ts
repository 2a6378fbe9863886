// Loads the alert a person asks to see or handle (docs/features.md "Operations"): no reach at all is FORBIDDEN,
// an alert of a tenant outside their reach does not exist for them (NOT_FOUND).
import { requireOperations } from '../../auth/require-authority';
import { reachesOperationsOf, type GrantLike } from '../../domain';
import { notFound } from '../../errors/domain-error';
import type { ServiceCall } from '../context';

export interface FindReachableAlertInput {
  viewer: { grants: GrantLike[] };
  id: string;
}

export async function findReachableAlert({ ctx, input }: ServiceCall<FindReachableAlertInput>) {
  const reach = requireOperations(input.viewer);
  const alert = await ctx.db.alert.findUnique({ where: { id: input.id } });
  if (!alert || !reachesOperationsOf(reach, alert.tenantRef)) throw notFound('That alert');
  return alert;
}
