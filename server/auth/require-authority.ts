// The authority checks that refuse: each asks server/domain/authority.ts and turns its answer into
// the one refusal for that meaning (server/domain/refusals.ts). The verdicts are pure and live in
// the domain; the errors do not, because DomainError belongs to server/errors and the domain
// imports nothing outside itself, so this module is the one place a verdict becomes an error.
import { administersAnything, reachesOperations, reachOf, tenantAdminVerdict, type GrantLike, type Reach } from '../domain';
import { DomainError, notFound } from '../errors/domain-error';

const NOT_ADMINISTRATOR_MESSAGE = 'This needs administrator rights. Ask an administrator of your organisation.';

/**
 * Refuses (NOT_ADMINISTRATOR) anyone without an admin grant anywhere: the administrators'
 * procedures, and the services that serve only administrators. Answers the viewer's reach.
 */
export function requireAdministrator(viewer: { grants: readonly GrantLike[] }, message = NOT_ADMINISTRATOR_MESSAGE): Reach {
  const reach = reachOf(viewer.grants);
  if (!administersAnything(reach)) throw new DomainError('FORBIDDEN', message, { reason: 'NOT_ADMINISTRATOR' });
  return reach;
}

export interface TenantAdminViewer {
  grants: readonly GrantLike[];
  tenant: { ref: string };
}

/**
 * Refuses unless the viewer administers the organisation `tenantRef` (tenantAdminVerdict): their
 * own organisation without the grant is FORBIDDEN with NOT_ADMINISTRATOR and `refused` as the
 * message; any other is NOT_FOUND, worded as `hidden` ("That person does not exist…").
 */
export function requireTenantAdmin(
  viewer: TenantAdminViewer,
  tenantRef: string,
  { hidden = 'That organisation', refused = NOT_ADMINISTRATOR_MESSAGE }: { hidden?: string; refused?: string } = {},
): void {
  const verdict = tenantAdminVerdict(reachOf(viewer.grants), tenantRef, viewer.tenant.ref);
  if (verdict.allowed) return;
  if (verdict.hidden) throw notFound(hidden);
  throw new DomainError('FORBIDDEN', refused, { reason: verdict.reason });
}

/**
 * Refuses (NOT_OPERATOR_OR_ADMINISTRATOR) anyone whose grants reach no tenant's Operations (README
 * "Operations"); answers the reach, against which each tenant is then checked.
 */
export function requireOperations(viewer: { grants: readonly GrantLike[] }): Reach {
  const reach = reachOf(viewer.grants);
  if (!reachesOperations(reach)) {
    throw new DomainError('FORBIDDEN', 'Operations is for operators and tenant administrators.', {
      reason: 'NOT_OPERATOR_OR_ADMINISTRATOR',
    });
  }
  return reach;
}
