// Whether a session cookie still lets its holder in: the row exists for that user and is neither
// revoked, idle nor past its absolute end (server/domain/session-expiry.ts).
import { decideSession, SESSION_TOUCH_INTERVAL_MS } from '../../domain';
import { readRows, type ServiceCall } from '../context';
import { sessionRowSchema, sessionSql, type SessionRow } from './check-session-sql';

export interface SessionIdentity {
  userId: string;
  sessionId: string;
}

export interface CheckSessionInput extends SessionIdentity {
  /** Record "last seen" (at most once a minute). */
  touch: boolean;
  /**
   * The session's row when the caller has read it already (null: there is none), as
   * loadSessionViewer does together with the viewer; otherwise it is read here.
   */
  row?: SessionRow | null;
}

/**
 * True when the session is active at `ctx.now()`: its row exists, is `input.userId`'s and
 * decideSession lets it in; then "last seen" is recorded when `input.touch` and a minute has passed.
 */
export async function checkSession({ ctx, input }: ServiceCall<CheckSessionInput>): Promise<boolean> {
  // Without a row (next-auth's callback, server/auth/options.ts) it is read here, on the driver's pool when the request has it.
  const session = input.row === undefined ? (await readRows(ctx, sessionSql(input.sessionId), sessionRowSchema))[0] : input.row;
  if (!session || session.userId !== input.userId) return false;
  const now = ctx.now();
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
