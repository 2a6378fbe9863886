// When a signed-in session ends: on sign-out or revocation, after 8 hours without a request, and
// 7 days after sign-in whatever happens.

export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
export const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** "Last seen" is written at most this often per session. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

export interface SessionState {
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

export type SessionVerdict = { active: true; touch: boolean } | { active: false; reason: 'REVOKED' | 'IDLE' | 'EXPIRED' };

/** The absolute end of a session started at `createdAt`. */
export function sessionExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + SESSION_MAX_AGE_MS);
}

/** Whether a session still lets its holder in at `now`, and whether "last seen" is due a write. */
export function decideSession(session: SessionState, now: Date): SessionVerdict {
  if (session.revokedAt) return { active: false, reason: 'REVOKED' };
  if (now.getTime() >= session.expiresAt.getTime()) return { active: false, reason: 'EXPIRED' };
  const idle = now.getTime() - session.lastSeenAt.getTime();
  if (idle >= SESSION_IDLE_MS) return { active: false, reason: 'IDLE' };
  return { active: true, touch: idle >= SESSION_TOUCH_INTERVAL_MS };
}

/** Sensitive actions (publishing for everyone, bulk retirement, lowering budgets) need a sign-in this recent. */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

/**
 * Whether a session proved its password recently enough for a sensitive action: signed in, or
 * confirmed the password again, within the last ten minutes.
 */
export function signedInRecently(session: { createdAt: Date; reauthenticatedAt: Date | null }, now: Date): boolean {
  const last = Math.max(session.createdAt.getTime(), session.reauthenticatedAt?.getTime() ?? 0);
  return now.getTime() - last <= RECENT_SIGN_IN_MS;
}
