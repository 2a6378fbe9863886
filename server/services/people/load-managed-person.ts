// The person an administrator is about to manage, loaded only when the viewer may manage them
// (person-authority.ts): another tenant's person is not found, system principals are nobody's.
import { notFound } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import { requirePeopleAdmin, type PeopleViewer } from './person-authority';

export interface LoadManagedPersonInput {
  viewer: PeopleViewer;
  userId: string;
}

/** The person `userId`, when the viewer may manage them; system principals are nobody's to manage. */
export async function loadManagedPerson({ ctx, input }: ServiceCall<LoadManagedPersonInput>) {
  const person = await ctx.db.user.findUnique({ where: { id: input.userId } });
  if (!person || person.system) throw notFound('That person');
  requirePeopleAdmin(input.viewer, person.tenantRef);
  return person;
}
