// Makes a person a member of a defined scope of their own tenant; their scopes list it last.
import { DomainError } from '../../errors/domain-error';
import type { ServiceCall } from '../context';

export interface AddMembershipInput {
  userId: string;
  scopeToken: string;
}

export async function addMembership({ ctx, input }: ServiceCall<AddMembershipInput>) {
  const [user, scope] = await Promise.all([
    ctx.db.user.findUnique({ where: { id: input.userId } }),
    ctx.db.scopeDefinition.findUnique({ where: { token: input.scopeToken } }),
  ]);
  if (!user || !scope) throw new DomainError('NOT_FOUND', 'Unknown user or scope.');
  if (user.tenantRef !== scope.tenantRef) throw new DomainError('INVALID', `${scope.token} belongs to another tenant than the user.`);
  const position = await ctx.db.scopeMembership.count({ where: { userId: user.id } });
  return ctx.db.scopeMembership.upsert({
    where: { userId_scopeToken: { userId: user.id, scopeToken: scope.token } },
    create: { userId: user.id, scopeToken: scope.token, position },
    update: {},
  });
}
