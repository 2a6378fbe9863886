// Whether a request to delete a memory deletes it, and if not, what the asker may learn: a
// person's own request (decideForget), and the assistant's through the runtime API
// (decideRuntimeForget).
import { actorScope } from './scope-tokens';
import type { Author } from './types';

export type ForgetVerdict = { outcome: 'delete' } | { outcome: 'not_found' } | { outcome: 'forbidden'; reason: 'HELD_AT_WIDER_SCOPE' };

export interface ForgetRequest {
  record: { scope: string } | null;
  viewerScopes: string[];
  viewerActorRef: string;
}

// No elevation input on purpose: deleting one's own note must never hinge on a question a host
// could answer "no" to, and deleting shared notes is not this path's job at all.
export function decideForget({ record, viewerScopes, viewerActorRef }: ForgetRequest): ForgetVerdict {
  // A record the viewer cannot see looks exactly like one that does not exist, or this answer
  // would reveal what the assistant holds about other people.
  if (!record || !viewerScopes.includes(record.scope)) return { outcome: 'not_found' };
  if (record.scope === actorScope(viewerActorRef)) return { outcome: 'delete' };
  return { outcome: 'forbidden', reason: 'HELD_AT_WIDER_SCOPE' };
}

export type RuntimeForgetVerdict =
  { outcome: 'delete' } | { outcome: 'not_found' } | { outcome: 'refused'; reason: 'PERSONS_OWN_STATEMENT' };

export interface RuntimeForgetRequest {
  record: { scope: string; author: Author } | null;
  /** The person the assistant runs for. */
  actorRef: string;
}

/**
 * The assistant forgets only what it concluded itself, and only about the person it runs for.
 * Anything outside that person's scope is not found, as for the person; what the person stated
 * about themselves is refused, since it is theirs to delete in the console — otherwise the
 * assistant could forget a statement and then write its own conclusion under the key that the
 * write verdict protected (decideReplace).
 */
export function decideRuntimeForget({ record, actorRef }: RuntimeForgetRequest): RuntimeForgetVerdict {
  const asThePerson = decideForget({ record, viewerScopes: [actorScope(actorRef)], viewerActorRef: actorRef });
  if (asThePerson.outcome !== 'delete' || !record) return { outcome: 'not_found' };
  if (record.author === 'human') return { outcome: 'refused', reason: 'PERSONS_OWN_STATEMENT' };
  return { outcome: 'delete' };
}
