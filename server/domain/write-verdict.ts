// Who may write a memory at a scope, as a verdict the service turns into the right error
// (docs/concepts.md "Who may write where").
import { ACTOR_KIND, actorScope, scopeKind } from './scope-tokens';
import type { Author } from './types';

export type WriteDenialReason = 'SCOPE_NOT_APPLICABLE' | 'AGENT_ABOVE_OWN_SCOPE' | 'ANOTHER_PERSONS_SCOPE' | 'NOT_ADMINISTRATOR';

export type WriteVerdict = { allowed: true } | { allowed: false; reason: WriteDenialReason };

export interface WriteRequest {
  scope: string;
  /** The scopes that apply to the writer (the one resolver's answer). */
  writerScopes: string[];
  writer: { kind: Author; actorRef: string };
  /** The administers-check's answer for exactly this scope (always false for the assistant). */
  elevated: boolean;
}

export function decideWrite({ scope, writerScopes, writer, elevated }: WriteRequest): WriteVerdict {
  if (scope === actorScope(writer.actorRef)) return { allowed: true };
  // An administrator may publish at a scope they administer without belonging to it (a global
  // administrator at any tenant); anyone else only sees the scopes that apply to them.
  if (!writerScopes.includes(scope) && !elevated) return { allowed: false, reason: 'SCOPE_NOT_APPLICABLE' };
  // Checked before elevation on purpose: a shared fact written by the assistant would be one
  // everybody is answered from with nobody having decided it, so no grant may unlock it.
  if (writer.kind === 'agent') return { allowed: false, reason: 'AGENT_ABOVE_OWN_SCOPE' };
  // A person's own scope holds what they said and what was concluded about them: an
  // administrator publishes for groups, never in someone else's name.
  if (scopeKind(scope) === ACTOR_KIND) return { allowed: false, reason: 'ANOTHER_PERSONS_SCOPE' };
  if (!elevated) return { allowed: false, reason: 'NOT_ADMINISTRATOR' };
  return { allowed: true };
}

export type ReplaceVerdict = { allowed: true } | { allowed: false; reason: 'REPLACES_OWN_STATEMENT' };

/**
 * Whether a write may replace the memory held at the same scope and key. What a person stated
 * about themselves outranks what the assistant concluded: the assistant never overwrites it
 * (docs/concepts.md "Who may write where").
 */
export function decideReplace({ writer, replacing }: { writer: Author; replacing: Author | null }): ReplaceVerdict {
  if (writer === 'agent' && replacing === 'human') return { allowed: false, reason: 'REPLACES_OWN_STATEMENT' };
  return { allowed: true };
}
