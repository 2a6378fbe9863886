// "End" on one of your sessions elsewhere: that device is signed out on its next request.
import { decideSession } from '../../domain';
import { notFound } from '../../errors/domain-error';
import type { ServiceDeps } from '../deps';
import { revokeSession } from './revoke-sessions';

export async function endSession(deps: ServiceDeps, viewer: { userId: string }, sessionId: string): Promise<void> {
  const now = deps.now();
  const session = await deps.prisma.userSession.findUnique({ where: { id: sessionId } });
  // Someone else's session and one already ended look the same as one that never existed.
  if (!session || session.userId !== viewer.userId || !decideSession(session, now).active) throw notFound('That session');
  await revokeSession(deps.prisma, sessionId, now);
}
