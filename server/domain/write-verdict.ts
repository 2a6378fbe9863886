// Who may write a memory at a scope, as a verdict the service turns into the right error.
import { actorScope } from './scope-tokens';
import type { Author } from './types';

export type WriteDenialReason = 'SCOPE_NOT_APPLICABLE' | 'AGENT_ABOVE_OWN_SCOPE' | 'NOT_ELEVATED';

export type WriteVerdict = { allowed: true } | { allowed: false; reason: WriteDenialReason };

export interface WriteRequest {
  scope: string;
  writerScopes: string[];
  writer: { kind: Author; actorRef: string };
  /** The administers-check's answer for exactly this scope. */
  elevated: boolean;
}

export function decideWrite({ scope, writerScopes, writer, elevated }: WriteRequest): WriteVerdict {
  if (!writerScopes.includes(scope)) return { allowed: false, reason: 'SCOPE_NOT_APPLICABLE' };
  if (scope === actorScope(writer.actorRef)) return { allowed: true };
  // Checked before elevation on purpose: a shared fact written by the assistant would be one
  // everybody is answered from with nobody having decided it, so no grant may unlock it.
  if (writer.kind === 'agent') return { allowed: false, reason: 'AGENT_ABOVE_OWN_SCOPE' };
  if (!elevated) return { allowed: false, reason: 'NOT_ELEVATED' };
  return { allowed: true };
}
