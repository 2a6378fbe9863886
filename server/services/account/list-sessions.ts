// The account page's list: the viewer's sessions that still let someone in, newest activity first.
import { decideSession, describeDevice } from '../../domain';
import type { ServiceCall } from '../context';

export interface SessionSummary {
  id: string;
  device: string;
  signedInAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

export interface ListSessionsInput {
  viewer: { userId: string; sessionId: string };
}

export async function listSessions({ ctx, input }: ServiceCall<ListSessionsInput>): Promise<SessionSummary[]> {
  const { viewer } = input;
  const now = ctx.now();
  const rows = await ctx.db.userSession.findMany({
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
