// The counters behind sign-in throttling (rules in server/domain/sign-in-throttle.ts): one per
// account and one per client address, each locked for the length of a transaction.
import { accountThrottleKey, ADDRESS_THROTTLE, ACCOUNT_THROTTLE, addressThrottleKey, type ThrottleCounter, type ThrottleLimit } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import type { Db, ServiceContext } from '../context';

export interface SignInAttempt {
  email: string;
  /** The client's address, or null when it is not known (only the account is counted then). */
  address: string | null;
}

export interface LockedCounter {
  key: string;
  limit: ThrottleLimit;
  counter: ThrottleCounter;
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

/** Locks the attempt's counters (creating missing ones, started at `now`) and hands them to `change`. */
export async function withLockedCounters<T>(
  ctx: ServiceContext<PrismaClient>,
  attempt: SignInAttempt,
  now: Date,
  change: (tx: Db, counters: LockedCounter[]) => Promise<T>,
): Promise<T> {
  const counters = countersOf(attempt);
  return ctx.db.$transaction(async (tx) => {
    for (const { key } of counters) {
      await tx.$executeRaw`INSERT INTO "sign_in_throttle" ("key", "windowStart", "failures") VALUES (${key}, ${now}, 0) ON CONFLICT ("key") DO NOTHING`;
    }
    const locked: LockedCounter[] = [];
    for (const { key, limit } of counters) {
      const [row] = await tx.$queryRaw<CounterRow[]>`SELECT "key", "windowStart", "failures" FROM "sign_in_throttle" WHERE "key" = ${key} FOR UPDATE`;
      locked.push({ key, limit, counter: { windowStart: row!.windowStart, failures: row!.failures } });
    }
    return change(tx, locked);
  });
}

export async function storeCounter(tx: Db, key: string, counter: ThrottleCounter): Promise<void> {
  await tx.signInThrottle.update({ where: { key }, data: { windowStart: counter.windowStart, failures: counter.failures } });
}
