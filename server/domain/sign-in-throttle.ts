// Sign-in throttling: failed attempts are counted per account (the email typed, known or not) and
// per client address in fixed windows. Reaching a limit refuses every attempt, even a right
// password, until the window ends.

export interface ThrottleLimit {
  /** How many failures the window allows. */
  maxFailures: number;
  windowMs: number;
}

/** 5 failures per account in 15 minutes. */
export const ACCOUNT_THROTTLE: ThrottleLimit = { maxFailures: 5, windowMs: 15 * 60 * 1000 };
/** 100 failures per client address in 10 minutes. */
export const ADDRESS_THROTTLE: ThrottleLimit = { maxFailures: 100, windowMs: 10 * 60 * 1000 };

/** A counter as stored: failures counted since windowStart. */
export interface ThrottleCounter {
  windowStart: Date;
  failures: number;
}

/** The counter to compare against, with an ended window counting as empty. */
export function currentCounter(counter: ThrottleCounter | null, limit: ThrottleLimit, now: Date): ThrottleCounter {
  if (!counter || now.getTime() - counter.windowStart.getTime() >= limit.windowMs) return { windowStart: now, failures: 0 };
  return counter;
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Whether one more attempt may be checked; refused attempts are told when the window ends. */
export function decideThrottle(counter: ThrottleCounter | null, limit: ThrottleLimit, now: Date): ThrottleVerdict {
  const current = currentCounter(counter, limit, now);
  if (current.failures < limit.maxFailures) return { allowed: true };
  const endsAt = current.windowStart.getTime() + limit.windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) };
}

/** Both verdicts together: refused if either is, told to wait for the later window end. */
export function combineThrottleVerdicts(verdicts: ThrottleVerdict[]): ThrottleVerdict {
  const waits = verdicts.flatMap((verdict) => (verdict.allowed ? [] : [verdict.retryAfterSeconds]));
  return waits.length === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(...waits) };
}

/**
 * The counter after one attempt is let through. Attempts are counted before the password is
 * checked, so parallel guesses cannot all slip past the limit; a success takes its count back.
 */
export function countAttempt(counter: ThrottleCounter | null, limit: ThrottleLimit, now: Date): ThrottleCounter {
  const current = currentCounter(counter, limit, now);
  return { windowStart: current.windowStart, failures: current.failures + 1 };
}

/** The counter after a counted attempt turned out to be a right password. */
export function uncountAttempt(counter: ThrottleCounter | null, limit: ThrottleLimit, now: Date): ThrottleCounter {
  const current = currentCounter(counter, limit, now);
  return { windowStart: current.windowStart, failures: Math.max(0, current.failures - 1) };
}

/**
 * The account an e-mail typed at sign-in names: trimmed and lowercased. The throttle counts this
 * account and the password check looks it up, so both always mean the same one.
 */
export function signInAccountEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The account a sign-in attempt is counted against (known or not). */
export function accountThrottleKey(email: string): string {
  return `account:${signInAccountEmail(email)}`;
}

export function addressThrottleKey(address: string): string {
  return `address:${address}`;
}

/** When a counter can be forgotten: its window has ended under every limit. */
export function throttleCounterExpiredBefore(now: Date): Date {
  return new Date(now.getTime() - Math.max(ACCOUNT_THROTTLE.windowMs, ADDRESS_THROTTLE.windowMs));
}
