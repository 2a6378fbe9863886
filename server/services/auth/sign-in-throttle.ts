// Counting sign-in attempts against their account and client address (rules in
// server/domain/sign-in-throttle.ts). An attempt is counted before its password is checked, under
// a row lock, so parallel guesses cannot overshoot the limit; a right password takes it back.
import {
  ACCOUNT_THROTTLE,
  ADDRESS_THROTTLE,
  accountThrottleKey,
  addressThrottleKey,
  combineThrottleVerdicts,
  countAttempt,
  decideThrottle,
  throttleCounterExpiredBefore,
  uncountAttempt,
  type ThrottleCounter,
  type ThrottleLimit,
  type ThrottleVerdict,
} from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import type { Db } from '../deps';

export interface SignInAttempt {
  email: string;
  /** The client's address, or null when it is not known (only the account is counted then). */
  address: string | null;
}

interface CounterRow {
  key: string;
  windowStart: Date;
  failures: number;
}

function countersOf(attempt: SignInAttempt): { key: string; limit: ThrottleLimit }[] {
  const counters = [{ key: accountThrottleKey(attempt.email), limit: ACCOUNT_THROTTLE }];
  if (attempt.address) counters.push({ key: addressThrottleKey(attempt.address), limit: ADDRESS_THROTTLE });
  // Always lock in the same order, so two attempts never wait for each other's second row.
  return counters.sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** Locks the attempt's counters (creating missing ones) and hands them to `change`. */
async function withLockedCounters<T>(
  prisma: PrismaClient,
  attempt: SignInAttempt,
  now: Date,
  change: (tx: Db, counters: { key: string; limit: ThrottleLimit; counter: ThrottleCounter }[]) => Promise<T>,
): Promise<T> {
  const counters = countersOf(attempt);
  return prisma.$transaction(async (tx) => {
    for (const { key } of counters) {
      await tx.$executeRaw`INSERT INTO "sign_in_throttle" ("key", "windowStart", "failures") VALUES (${key}, ${now}, 0) ON CONFLICT ("key") DO NOTHING`;
    }
    const locked: { key: string; limit: ThrottleLimit; counter: ThrottleCounter }[] = [];
    for (const { key, limit } of counters) {
      const [row] = await tx.$queryRaw<CounterRow[]>`SELECT "key", "windowStart", "failures" FROM "sign_in_throttle" WHERE "key" = ${key} FOR UPDATE`;
      locked.push({ key, limit, counter: { windowStart: row!.windowStart, failures: row!.failures } });
    }
    return change(tx, locked);
  });
}

async function store(tx: Db, key: string, counter: ThrottleCounter) {
  await tx.signInThrottle.update({ where: { key }, data: { windowStart: counter.windowStart, failures: counter.failures } });
}

/**
 * Whether this attempt may have its password checked. If so it is counted as a failure right away;
 * call `settleSignInSuccess` when the password was right.
 */
export async function reserveSignInAttempt(prisma: PrismaClient, attempt: SignInAttempt, now: Date): Promise<ThrottleVerdict> {
  // Forget counters whose window has ended under every limit, so the table stays small.
  await prisma.signInThrottle.deleteMany({ where: { windowStart: { lt: throttleCounterExpiredBefore(now) } } });
  return withLockedCounters(prisma, attempt, now, async (tx, counters) => {
    const verdict = combineThrottleVerdicts(counters.map(({ counter, limit }) => decideThrottle(counter, limit, now)));
    if (verdict.allowed) {
      for (const { key, limit, counter } of counters) await store(tx, key, countAttempt(counter, limit, now));
    }
    return verdict;
  });
}

/** A reserved attempt had the right password: it no longer counts as a failure. */
export async function settleSignInSuccess(prisma: PrismaClient, attempt: SignInAttempt, now: Date): Promise<void> {
  await withLockedCounters(prisma, attempt, now, async (tx, counters) => {
    for (const { key, limit, counter } of counters) await store(tx, key, uncountAttempt(counter, limit, now));
  });
}
