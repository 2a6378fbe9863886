// Where an audited change was held, in people's words (docs/features.md "Words"): the label of an
// organisation or group the administrator sees facts at, "Everyone on this console", or for a
// person's own memories whose they are ("Only Olga Ostrowski", as Member preview says). The token
// itself stays beside it as a technical detail, as a filtered view's address names it.
import { WORDS, type ScopeNames } from '@/components/glossary';
import { ACTOR_KIND, actorScope, GLOBAL_SCOPE, scopeKind, TENANT_KIND } from '@/server/domain';

export function auditScopeName(scope: string, person: { actorRef: string | null; name: string | null }, names: ScopeNames): string {
  const named = names[scope];
  if (named) return named;
  if (scope === GLOBAL_SCOPE) return WORDS.everyone;
  const kind = scopeKind(scope);
  if (kind === ACTOR_KIND) {
    return person.name && person.actorRef !== null && actorScope(person.actorRef) === scope ? `Only ${person.name}` : 'Only one person';
  }
  return kind === TENANT_KIND ? 'An organisation' : `A ${WORDS.group}`;
}
