// Whether a session cookie still lets its holder in: the row exists for that user and is neither
// revoked, idle nor past its absolute end (server/domain/session-expiry.ts).
import { decideSession, SESSION_TOUCH_INTERVAL_MS } from '../../domain';
import type { Db } from '../deps';

export interface SessionIdentity {
  userId: string;
  sessionId: string;
}

/** True when the session is active; records "last seen" (at most once a minute) when `touch`. */
export async function checkSession(db: Db, identity: SessionIdentity, now: Date, options: { touch: boolean }): Promise<boolean> {
  const session = await db.userSession.findUnique({ where: { id: identity.sessionId } });
  if (!session || session.userId !== identity.userId) return false;
  const verdict = decideSession(session, now);
  if (!verdict.active) return false;
  if (options.touch && verdict.touch) {
    // Conditional, so parallel requests write it once.
    await db.userSession.updateMany({
      where: { id: session.id, lastSeenAt: { lte: new Date(now.getTime() - SESSION_TOUCH_INTERVAL_MS) } },
      data: { lastSeenAt: now },
    });
  }
  return true;
}
