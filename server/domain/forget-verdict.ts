// Whether an end user's request to delete a memory deletes it, and if not, what they may learn.
import { actorScope } from './scope-tokens';

export type ForgetVerdict =
  | { outcome: 'delete' }
  | { outcome: 'not_found' }
  | { outcome: 'forbidden'; reason: 'HELD_AT_WIDER_SCOPE' };

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
