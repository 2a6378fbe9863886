// Which of the scopes a runtime request names it may read (docs/runtime-api.md "The runtime's
// memory API"): those of its own organisation — its tenant scope, its people's actor scopes, its
// custom scopes — and `global`. Any other (an unknown kind, a custom scope not defined here, a
// person of no or another organisation, another organisation's scope) is skipped and named in
// `ignoredScopes`, and the rest is answered: a host resolver that knows a scope the console does
// not never breaks a turn. Decided from this organisation's rows only, so the answer is the same
// whether the scope exists elsewhere or nowhere.
import { ACTOR_KIND, GLOBAL_SCOPE, scopeKind, scopeRef, TENANT_KIND, actorScope, tenantScope } from '../../domain';
import { DomainError } from '../../errors/domain-error';
import { readRows, type ServiceCall } from '../context';
import { heldScopeRowSchema, heldScopesSql } from './check-runtime-scopes-sql';

export interface CheckRuntimeScopesInput {
  /** The token's organisation; null for a token of every organisation, which reads no memories. */
  tokenTenantRef: string | null;
  scopes: string[];
}

export interface RuntimeScopes {
  /** The scopes to read, in the order given, each once. */
  scopes: string[];
  /** The scopes skipped, in the order given, each once. */
  ignoredScopes: string[];
}

/** The token's organisation, or 403 for a token of every organisation. */
export function readingTenantOf(tokenTenantRef: string | null): string {
  if (tokenTenantRef === null) {
    throw new DomainError('FORBIDDEN', 'This API token belongs to no single organisation, so it reads no memories.', {
      reason: 'TOKEN_NOT_TENANT_BOUND',
    });
  }
  return tokenTenantRef;
}

export async function checkRuntimeScopes({ ctx, input }: ServiceCall<CheckRuntimeScopesInput>): Promise<RuntimeScopes> {
  const tenantRef = readingTenantOf(input.tokenTenantRef);
  const given = [...new Set(input.scopes)];
  const own = new Set([GLOBAL_SCOPE, tenantScope(tenantRef)]);
  const actorRefs = given.filter((scope) => scopeKind(scope) === ACTOR_KIND).map((scope) => scopeRef(scope) ?? '');
  const custom = given.filter((scope) => scope !== GLOBAL_SCOPE && ![ACTOR_KIND, TENANT_KIND].includes(scopeKind(scope)));
  if (actorRefs.length + custom.length > 0) {
    const rows = await readRows(ctx, heldScopesSql(tenantRef, actorRefs, custom), heldScopeRowSchema, {
      preparedAs: 'runtime_held_scopes',
    });
    for (const row of rows) own.add(row.actor ? actorScope(row.scope) : row.scope);
  }
  return { scopes: given.filter((scope) => own.has(scope)), ignoredScopes: given.filter((scope) => !own.has(scope)) };
}
