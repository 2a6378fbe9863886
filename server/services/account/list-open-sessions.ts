// The sessions of one person that still let someone in, newest activity first: the account page
// lists the viewer's own (list-sessions.ts), a person's page another person's (people/get-person.ts).
import { decideSession, describeDevice } from '../../domain';
import type { ServiceCall } from '../context';

export interface SessionSummary {
  id: string;
  device: string;
  signedInAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

export interface ListOpenSessionsInput {
  userId: string;
  /** The session making the request, marked `current`. */
  currentSessionId?: string;
}

/** The sessions of `userId` that still let someone in at `ctx.now()`; the caller has checked who may see them. */
export async function listOpenSessions({ ctx, input }: ServiceCall<ListOpenSessionsInput>): Promise<SessionSummary[]> {
  const now = ctx.now();
  const rows = await ctx.db.userSession.findMany({
    where: { userId: input.userId, revokedAt: null, expiresAt: { gt: now } },
    orderBy: [{ lastSeenAt: 'desc' }, { id: 'asc' }],
  });
  return rows
    .filter((row) => decideSession(row, now).active)
    .map((row) => ({
      id: row.id,
      device: describeDevice(row.userAgent),
      signedInAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
      current: row.id === input.currentSessionId,
    }));
}
