// Who may manage the people of a tenant (docs/concepts.md "People and access"): its
// administrators (a `global` admin administers every tenant). Someone of the same tenant who does
// not administer it is refused (403); anything further away does not exist for them (404).
import { administers } from '../../auth/administers';
import type { GrantLike } from '../../auth/administers';
import { tenantScope } from '../../domain';
import { DomainError, notFound } from '../../errors/domain-error';

export interface PeopleViewer {
  userId: string;
  actorRef: string;
  tenant: { ref: string };
  grants: GrantLike[];
}

/** Throws unless the viewer administers `tenantRef`; `what` names the thing hidden by the 404. */
export function requirePeopleAdmin(viewer: PeopleViewer, tenantRef: string, what = 'That person'): void {
  if (administers(viewer.grants, tenantScope(tenantRef), tenantRef)) return;
  if (tenantRef === viewer.tenant.ref) {
    throw new DomainError('FORBIDDEN', 'Only an administrator of your organisation can manage its people.', { reason: 'NOT_TENANT_ADMIN' });
  }
  throw notFound(what);
}

/** What the console shows of a person. */
export function personView(person: {
  id: string;
  email: string;
  name: string;
  tenantRef: string;
  disabled: boolean;
  passwordHash: string | null;
  createdAt: Date;
}) {
  return {
    id: person.id,
    email: person.email,
    name: person.name,
    tenantRef: person.tenantRef,
    disabled: person.disabled,
    /** False until the person has set a password (an open invite, or single sign-on only). */
    hasPassword: person.passwordHash !== null,
    createdAt: person.createdAt.toISOString(),
  };
}
