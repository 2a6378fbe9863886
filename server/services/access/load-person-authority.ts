// What the one asking holds over a person (docs/concepts.md "Roles, custom scopes and
// memberships"): whether they may see them at all and whether they administer their organisation.
// A person of an organisation they neither belong to nor administer, or a system principal, is
// answered like one that does not exist.
import { reachOf, tenantAdminVerdict } from '../../domain';
import { notFound } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import type { PeopleViewer } from '../people/person-authority';

export interface LoadPersonAuthorityInput {
  viewer: PeopleViewer;
  userId: string;
}

export async function loadPersonAuthority({ ctx, input }: ServiceCall<LoadPersonAuthorityInput>) {
  const { viewer } = input;
  const person = await ctx.db.user.findUnique({
    where: { id: input.userId },
    select: { id: true, name: true, email: true, tenantRef: true, disabled: true, system: true, tenant: { select: { name: true } } },
  });
  if (!person || person.system) throw notFound('That person');
  const reach = reachOf(viewer.grants);
  const verdict = tenantAdminVerdict(reach, person.tenantRef, viewer.tenant.ref);
  if (!verdict.allowed && verdict.hidden) throw notFound('That person');
  return { person, administersPersonTenant: verdict.allowed, seesPerson: true, globalAdmin: reach.globalAdmin };
}
