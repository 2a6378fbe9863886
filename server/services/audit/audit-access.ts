// Who may read which rows of the audit log: administrators, within what their grants reach
// (withinAdministeredReach, server/domain/authority.ts). Shared by the list, the export and undo.
import { requireAdministrator } from '../../auth/require-authority';
import type { GrantLike, Reach } from '../../domain';
import type { Prisma } from '../../db/generated/client';

/** The reach of an administrator; anyone else is refused. */
export function auditReachOf(viewer: { grants: GrantLike[] }): Reach {
  return requireAdministrator(viewer, 'The audit log is open to administrators only.');
}

/** The same reach as a query condition on audit rows. */
export function auditRowsWithin(reach: Reach): Prisma.AuditEventWhereInput {
  if (reach.globalAdmin) return {};
  return { OR: [{ tenantRef: { in: reach.adminTenants } }, { scope: { in: reach.adminScopes } }] };
}
