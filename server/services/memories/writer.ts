// Who writes a memory. A person writes with their own grants, which writeMemory checks against
// the exact target scope itself; the assistant writes for the person it runs for and holds no
// grants at all. Nobody can hand writeMemory an "allowed" flag.
import type { GrantLike } from '../../domain';
import type { Viewer } from '../../auth/viewer';

export type Writer =
  | { kind: 'human'; userId: string; actorRef: string; scopes: string[]; grants: GrantLike[] }
  | { kind: 'agent'; actorRef: string; scopes: string[] };

/** A signed-in person (or the installer principal) as the writer. */
export function humanWriter(viewer: Pick<Viewer, 'userId' | 'actorRef' | 'scopes' | 'grants'>): Writer {
  return { kind: 'human', userId: viewer.userId, actorRef: viewer.actorRef, scopes: viewer.scopes, grants: viewer.grants };
}

/** The assistant, running for the person `actorRef` whose resolved scopes are `scopes`. */
export function agentWriter(agent: { actorRef: string; scopes: string[] }): Writer {
  return { kind: 'agent', actorRef: agent.actorRef, scopes: agent.scopes };
}
