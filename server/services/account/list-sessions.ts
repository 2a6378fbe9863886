// The account page's list: the viewer's sessions that still let someone in, newest activity first.
import { decideSession, describeDevice } from '../../domain';
import type { ServiceDeps } from '../deps';

export interface SessionSummary {
  id: string;
  device: string;
  signedInAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

export async function listSessions(deps: ServiceDeps, viewer: { userId: string; sessionId: string }): Promise<SessionSummary[]> {
  const now = deps.now();
  const rows = await deps.prisma.userSession.findMany({
    where: { userId: viewer.userId, revokedAt: null, expiresAt: { gt: now } },
    orderBy: [{ lastSeenAt: 'desc' }, { id: 'asc' }],
  });
  return rows
    .filter((row) => decideSession(row, now).active)
    .map((row) => ({
      id: row.id,
      device: describeDevice(row.userAgent),
      signedInAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
      current: row.id === viewer.sessionId,
    }));
}
