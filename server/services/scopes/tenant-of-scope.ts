// Which tenant a scope token belongs to (null for global). Stored on each memory so tenant
// queries need no joins; an unknown actor or custom scope is refused rather than guessed. The
// lookup itself is tenants-of-scopes.ts, the one place that knows where each kind is defined.
import { DomainError } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import { tenantsOfScopes } from './tenants-of-scopes';

export interface TenantOfScopeInput {
  scope: string;
}

export async function tenantOfScope({ ctx, input }: ServiceCall<TenantOfScopeInput>): Promise<string | null> {
  const { scope } = input;
  const owners = await tenantsOfScopes({ ctx, input: { scopes: [scope] } });
  if (owners.has(scope)) return owners.get(scope)!;
  throw new DomainError('INVALID', `Unknown scope ${scope}.`, { fieldErrors: [{ field: 'scope', message: 'unknown scope' }] });
}
