// "Sign out everywhere else": every session of the viewer ends except the one in use.
import type { ServiceDeps } from '../deps';
import { revokeUserSessions } from './revoke-sessions';

export async function endOtherSessions(deps: ServiceDeps, viewer: { userId: string; sessionId: string }): Promise<{ ended: number }> {
  return { ended: await revokeUserSessions(deps.prisma, viewer.userId, deps.now(), viewer.sessionId) };
}
