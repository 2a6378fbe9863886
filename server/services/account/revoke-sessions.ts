// Ending sessions: one (sign-out), or all of a user's except possibly the one in use.
import type { Db } from '../deps';

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.userSession.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: now } });
}

/** Revokes every open session of the user except `keep`; answers how many it ended. */
export async function revokeUserSessions(db: Db, userId: string, now: Date, keep?: string): Promise<number> {
  const { count } = await db.userSession.updateMany({
    where: { userId, revokedAt: null, ...(keep ? { id: { not: keep } } : {}) },
    data: { revokedAt: now },
  });
  return count;
}
