// Gives a person administrator or operator authority over a scope (tenant, custom, or global).
import { GLOBAL_SCOPE, scopeKind, scopeRef, TENANT_KIND } from '../../domain';
import { DomainError } from '../../errors/domain-error';
import type { ServiceCall } from '../context';

export interface GrantRoleInput {
  userId: string;
  scope: string;
  role: 'admin' | 'operator';
}

export async function grantRole({ ctx, input }: ServiceCall<GrantRoleInput>) {
  const { db } = ctx;
  if (input.scope !== GLOBAL_SCOPE) {
    const known =
      scopeKind(input.scope) === TENANT_KIND
        ? await db.tenant.findUnique({ where: { ref: scopeRef(input.scope) ?? '' } })
        : await db.scopeDefinition.findUnique({ where: { token: input.scope } });
    if (!known) throw new DomainError('INVALID', `Grants are for global, tenant or defined scopes; ${input.scope} is none of them.`);
  }
  return db.grant.upsert({
    where: { userId_scope_role: { userId: input.userId, scope: input.scope, role: input.role } },
    create: { id: ctx.newId('grt'), userId: input.userId, scope: input.scope, role: input.role },
    update: {},
  });
}
