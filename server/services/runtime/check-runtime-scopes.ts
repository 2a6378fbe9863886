// The scopes a runtime token may read (docs/runtime-api.md "The runtime's memory API"): those of
// its own organisation, and `global`. A scope of another organisation and an unknown one are
// refused alike (403 naming the scope), so the answer does not reveal which scopes exist elsewhere.
import { DomainError } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import { tenantsOfScopes } from '../scopes/tenants-of-scopes';

export interface CheckRuntimeScopesInput {
  /** The token's organisation; null for a token of every organisation, which reads no memories. */
  tokenTenantRef: string | null;
  scopes: string[];
}

export async function checkRuntimeScopes({ ctx, input }: ServiceCall<CheckRuntimeScopesInput>): Promise<void> {
  if (input.tokenTenantRef === null) {
    throw new DomainError('FORBIDDEN', 'This API token belongs to no single organisation, so it reads no memories.', {
      reason: 'TOKEN_NOT_TENANT_BOUND',
    });
  }
  const owners = await tenantsOfScopes({ ctx, input: { scopes: input.scopes } });
  const refused = input.scopes.find(
    (scope) => !owners.has(scope) || (owners.get(scope) !== null && owners.get(scope) !== input.tokenTenantRef),
  );
  if (refused !== undefined) {
    throw new DomainError(
      'FORBIDDEN',
      `This API token may not read the scope ${refused}: it belongs to another organisation or does not exist.`,
      {
        reason: 'SCOPE_OUTSIDE_TENANT',
      },
    );
  }
}
