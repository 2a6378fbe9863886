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

export type SessionVerdict =
  | { active: true; touch: boolean }
  | { active: false; reason: 'REVOKED' | 'IDLE' | 'EXPIRED' };

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
