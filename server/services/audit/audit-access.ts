// Who may read which rows of the audit log: administrators, within what their grants reach
// (server/auth/administered-reach.ts). Shared by the list, the export and undo.
import { administeredReach, reachesNothing, type AdministeredReach } from '../../auth/administered-reach';
import type { GrantLike } from '../../auth/administers';
import type { Prisma } from '../../db/generated/client';
import { DomainError } from '../../errors/domain-error';

/** The reach of an administrator; anyone else is refused. */
export function auditReachOf(viewer: { grants: GrantLike[] }): AdministeredReach {
  const reach = administeredReach(viewer.grants);
  if (reachesNothing(reach)) {
    throw new DomainError('FORBIDDEN', 'The audit log is open to administrators only.', { reason: 'NOT_AN_ADMINISTRATOR' });
  }
  return reach;
}

/** The same reach as a query condition on audit rows. */
export function auditRowsWithin(reach: AdministeredReach): Prisma.AuditEventWhereInput {
  if (reach.everything) return {};
  return { OR: [{ tenantRef: { in: reach.tenantRefs } }, { scope: { in: reach.scopes } }] };
}
