// Who may manage the people of a tenant (docs/concepts.md "People and access"): its
// administrators (a `global` admin administers every tenant). Someone of the same tenant who does
// not administer it is refused (403); anything further away does not exist for them (404).
import { requireTenantAdmin } from '../../auth/require-authority';
import type { GrantLike } from '../../domain';

export interface PeopleViewer {
  userId: string;
  actorRef: string;
  tenant: { ref: string };
  grants: GrantLike[];
}

export const PEOPLE_REFUSED = 'Only an administrator of your organisation can manage its people.';

/** Throws unless the viewer administers `tenantRef`; `hidden` names the thing hidden by the 404. */
export function requirePeopleAdmin(viewer: PeopleViewer, tenantRef: string, hidden = 'That person'): void {
  requireTenantAdmin(viewer, tenantRef, { hidden, refused: PEOPLE_REFUSED });
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
