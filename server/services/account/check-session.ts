// Whether a session cookie still lets its holder in: the row exists for that user and is neither
// revoked, idle nor past its absolute end (server/domain/session-expiry.ts).
import { decideSession, SESSION_TOUCH_INTERVAL_MS } from '../../domain';
import { readRows, type ServiceCall } from '../context';
import { sessionRowSchema, sessionSql } from './check-session-sql';

export interface SessionIdentity {
  userId: string;
  sessionId: string;
}

export interface CheckSessionInput extends SessionIdentity {
  /** Record "last seen" (at most once a minute). */
  touch: boolean;
}

/** True when the session is active at `ctx.now()`. */
export async function checkSession({ ctx, input }: ServiceCall<CheckSessionInput>): Promise<boolean> {
  const now = ctx.now();
  // Every signed-in request asks this: read on the driver's pool when the request has it (readRows).
  const [session] = await readRows(ctx, sessionSql(input.sessionId), sessionRowSchema);
  if (!session || session.userId !== input.userId) return false;
  const verdict = decideSession(session, now);
  if (!verdict.active) return false;
  if (input.touch && verdict.touch) {
    // Conditional, so parallel requests write it once.
    await ctx.db.userSession.updateMany({
      where: { id: input.sessionId, lastSeenAt: { lte: new Date(now.getTime() - SESSION_TOUCH_INTERVAL_MS) } },
      data: { lastSeenAt: now },
    });
  }
  return true;
}
