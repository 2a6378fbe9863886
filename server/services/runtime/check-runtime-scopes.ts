// The scopes a runtime token may read (README "The runtime's memory API"): those of its own
// organisation, and `global`. A scope of another organisation and an unknown one are refused alike
// (403 naming the scope), so the answer does not reveal which scopes exist elsewhere.
import { GLOBAL_SCOPE } from '../../domain';
import { DomainError } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import { tenantOfScope } from '../scopes/tenant-of-scope';

export interface CheckRuntimeScopesInput {
  /** The token's organisation; null for a token of every organisation, which reads no memories. */
  tokenTenantRef: string | null;
  scopes: string[];
}

function refused(scope: string): DomainError {
  return new DomainError('FORBIDDEN', `This API token may not read the scope ${scope}: it belongs to another organisation or does not exist.`, {
    reason: 'SCOPE_OUTSIDE_TENANT',
  });
}

export async function checkRuntimeScopes({ ctx, input }: ServiceCall<CheckRuntimeScopesInput>): Promise<void> {
  if (input.tokenTenantRef === null) {
    throw new DomainError('FORBIDDEN', 'This API token belongs to no single organisation, so it reads no memories.', { reason: 'TOKEN_NOT_TENANT_BOUND' });
  }
  for (const scope of input.scopes) {
    if (scope === GLOBAL_SCOPE) continue;
    let owner: string | null;
    try {
      owner = await tenantOfScope({ ctx, input: { scope } });
    } catch (error) {
      if (error instanceof DomainError && error.code === 'INVALID') throw refused(scope);
      throw error;
    }
    if (owner !== input.tokenTenantRef) throw refused(scope);
  }
}
