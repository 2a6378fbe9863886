// The people an administrator may preview (docs/features.md "Member preview"): everyone in the tenants they
// administer (every tenant with a global grant), optionally matching a search, by name.
import type { Viewer } from '../../auth/viewer';
import { administeredTenants, reachOf } from '../../domain';
import type { Prisma } from '../../db/generated/client';
import type { ServiceCall } from '../context';

export interface ListAdministeredMembersInput {
  viewer: Pick<Viewer, 'grants'>;
  /** Part of a name or e-mail address, any case. */
  query?: string;
  limit: number;
}

export async function listAdministeredMembers({ ctx, input }: ServiceCall<ListAdministeredMembersInput>) {
  const tenants = administeredTenants(reachOf(input.viewer.grants));
  const query = input.query?.trim();
  const where: Prisma.UserWhereInput = {
    disabled: false,
    system: false,
    ...(tenants === null ? {} : { tenantRef: { in: tenants } }),
    ...(query ? { OR: [{ name: { contains: query, mode: 'insensitive' } }, { email: { contains: query, mode: 'insensitive' } }] } : {}),
  };
  const users = await ctx.db.user.findMany({
    where,
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take: input.limit,
    select: { id: true, name: true, email: true, tenant: { select: { name: true } } },
  });
  return users.map((user) => ({ userId: user.id, name: user.name, email: user.email, tenantName: user.tenant.name }));
}
