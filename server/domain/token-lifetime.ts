// Whether an API token is still accepted at a given time (docs/runtime-api.md "API tokens"). A token
// is refused once revoked, from its expiry on, and 24 hours after a rotation replaced it. Nothing
// revokes a token when those times pass: every request compares them with its own time, so the
// rule holds on every console process alike and after a restart.
export const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;
/** The longest expiry a token may be given at creation, in days. */
export const MAX_TOKEN_LIFETIME_DAYS = 730;

export interface TokenTimes {
  revokedAt: Date | null;
  expiresAt: Date | null;
  rotatedAt: Date | null;
}

export type TokenStanding =
  | { state: 'active'; until: Date | null }
  /** Rotated: still accepted until `until`, then refused. */
  | { state: 'retiring'; until: Date }
  | { state: 'revoked' | 'expired' | 'retired'; since: Date };

/** When a rotated token stops being accepted. */
export function retiresAt(rotatedAt: Date): Date {
  return new Date(rotatedAt.getTime() + ROTATION_GRACE_MS);
}

export function tokenStanding(token: TokenTimes, now: Date): TokenStanding {
  if (token.revokedAt) return { state: 'revoked', since: token.revokedAt };
  const retire = token.rotatedAt ? retiresAt(token.rotatedAt) : null;
  const expiry = token.expiresAt;
  // The earlier of the two ends decides.
  if (expiry && expiry <= now && (!retire || expiry <= retire)) return { state: 'expired', since: expiry };
  if (retire && retire <= now) return { state: 'retired', since: retire };
  if (expiry && expiry <= now) return { state: 'expired', since: expiry };
  if (retire) return { state: 'retiring', until: expiry && expiry < retire ? expiry : retire };
  return { state: 'active', until: expiry };
}

/** The expiry of a rotation's new token: the lifetime the old one was given, counted from now. */
export function rotatedExpiry(old: { createdAt: Date; expiresAt: Date | null }, now: Date): Date | null {
  if (!old.expiresAt) return null;
  return new Date(now.getTime() + (old.expiresAt.getTime() - old.createdAt.getTime()));
}
