// One-time sign-in links (invites and password resets, docs/concepts.md "People and access"):
// valid for 72 hours after they are made, and only until first used.

export const SIGN_IN_LINK_LIFETIME_MS = 72 * 60 * 60 * 1000;

export type SignInLinkState = 'valid' | 'used' | 'expired';

export function signInLinkExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + SIGN_IN_LINK_LIFETIME_MS);
}

/** Whether a link still works at `now`: used beats expired, so a used link always says so. */
export function signInLinkState(link: { usedAt: Date | null; expiresAt: Date }, now: Date): SignInLinkState {
  if (link.usedAt) return 'used';
  if (now.getTime() >= link.expiresAt.getTime()) return 'expired';
  return 'valid';
}
