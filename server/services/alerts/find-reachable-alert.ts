// Loads the alert a person asks to see or handle (docs/features.md "Operations"): no reach at all
// is FORBIDDEN, an alert of a tenant outside their reach does not exist for them (NOT_FOUND).
import { NO_OPERATIONS_MESSAGE, operationsReach, reachesOperations, reachesTenant } from '../../auth/operations-reach';
import type { GrantLike } from '../../auth/administers';
import { DomainError, notFound } from '../../errors/domain-error';
import type { ServiceCall } from '../context';

export interface FindReachableAlertInput {
  viewer: { grants: GrantLike[] };
  id: string;
}

export async function findReachableAlert({ ctx, input }: ServiceCall<FindReachableAlertInput>) {
  const reach = operationsReach(input.viewer.grants);
  if (!reachesOperations(reach)) throw new DomainError('FORBIDDEN', NO_OPERATIONS_MESSAGE);
  const alert = await ctx.db.alert.findUnique({ where: { id: input.id } });
  if (!alert || !reachesTenant(reach, alert.tenantRef)) throw notFound('That alert');
  return alert;
}
