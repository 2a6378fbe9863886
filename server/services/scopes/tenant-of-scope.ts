// Which tenant a scope token belongs to (null for global). Stored on each memory so tenant
// queries need no joins; an unknown actor or custom scope is refused rather than guessed.
import { ACTOR_KIND, GLOBAL_SCOPE, scopeKind, scopeRef, TENANT_KIND } from '../../domain';
import { DomainError } from '../../errors/domain-error';
import type { ServiceCall } from '../context';

export interface TenantOfScopeInput {
  scope: string;
}

export async function tenantOfScope({ ctx, input }: ServiceCall<TenantOfScopeInput>): Promise<string | null> {
  const { db } = ctx;
  const { scope } = input;
  if (scope === GLOBAL_SCOPE) return null;
  const kind = scopeKind(scope);
  const ref = scopeRef(scope) ?? '';
  if (kind === TENANT_KIND) {
    const tenant = await db.tenant.findUnique({ where: { ref } });
    if (tenant) return tenant.ref;
  } else if (kind === ACTOR_KIND) {
    const user = await db.user.findUnique({ where: { actorRef: ref }, select: { tenantRef: true } });
    if (user) return user.tenantRef;
  } else {
    const defined = await db.scopeDefinition.findUnique({ where: { token: scope } });
    if (defined) return defined.tenantRef;
  }
  throw new DomainError('INVALID', `Unknown scope ${scope}.`, { fieldErrors: [{ field: 'scope', message: 'unknown scope' }] });
}
