// The one scope resolver: which scopes apply to an actor, most specific first.
import {
  ACTOR_KIND,
  GLOBAL_KIND,
  GLOBAL_SCOPE,
  TENANT_KIND,
  actorScope,
  isReservedScopeKind,
  scopeKind,
  tenantScope,
} from './scope-tokens';

export const DEFAULT_SCOPE_PRECEDENCE: readonly string[] = [ACTOR_KIND, TENANT_KIND, GLOBAL_KIND];

export interface ScopeActor {
  actorRef: string;
  tenantRef: string;
  memberships: string[];
}

/**
 * The order returned IS the ranking precedence uses, so the skeleton is fixed: the actor's own
 * scope, then custom memberships, then the tenant, then global. `precedence` only orders the
 * custom kinds; kinds it does not list still apply, after the listed ones, in the order given.
 */
export function resolveScopes(actor: ScopeActor, precedence: readonly string[] = DEFAULT_SCOPE_PRECEDENCE): string[] {
  const customRank = new Map<string, number>();
  for (const kind of precedence) {
    if (!isReservedScopeKind(kind) && !customRank.has(kind)) customRank.set(kind, customRank.size);
  }
  const unlisted = customRank.size;

  // A membership may not name an actor, tenant or global scope: those come only from the actor's
  // own refs, so a bad membership row can never hand someone another person's or tenant's notes.
  const custom = actor.memberships
    .filter((scope) => scope !== '' && !isReservedScopeKind(scopeKind(scope)))
    .map((scope, given) => ({ scope, given, rank: customRank.get(scopeKind(scope)) ?? unlisted }))
    .sort((a, b) => a.rank - b.rank || a.given - b.given)
    .map(({ scope }) => scope);

  const ordered = [actorScope(actor.actorRef), ...custom, tenantScope(actor.tenantRef), GLOBAL_SCOPE];
  return [...new Set(ordered)];
}
