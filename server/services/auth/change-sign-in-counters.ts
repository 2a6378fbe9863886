// The counters behind sign-in throttling (rules in server/domain/sign-in-throttle.ts): one per
// account and one per client address, locked and changed together in one transaction.
import {
  accountThrottleKey,
  ADDRESS_THROTTLE,
  ACCOUNT_THROTTLE,
  addressThrottleKey,
  type ThrottleCounter,
  type ThrottleLimit,
} from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { readRows, type ServiceContext } from '../context';
import { runTransaction } from '../run-transaction';
import { COUNTER_ROW, ensureCounterSql, lockCounterSql } from './change-sign-in-counters-sql';

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

export interface ChangeSignInCountersInput<T> {
  attempt: SignInAttempt;
  /** The time of the attempt: a missing counter starts its window here. */
  now: Date;
  /** Decides from the locked counters; `next` (same order) is stored, or nothing when it is absent. */
  change: (counters: LockedCounter[]) => { result: T; next?: ThrottleCounter[] };
}

function countersOf(attempt: SignInAttempt): { key: string; limit: ThrottleLimit }[] {
  const counters = [{ key: accountThrottleKey(attempt.email), limit: ACCOUNT_THROTTLE }];
  if (attempt.address) counters.push({ key: addressThrottleKey(attempt.address), limit: ADDRESS_THROTTLE });
  // Always lock in the same order, so two attempts never wait for each other's second row.
  return counters.sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** Locks the attempt's counters (creating missing ones), lets `change` decide, stores what it answers. */
export async function changeSignInCounters<T>({
  ctx,
  input,
}: {
  ctx: ServiceContext<PrismaClient>;
  input: ChangeSignInCountersInput<T>;
}): Promise<T> {
  const { now } = input;
  const counters = countersOf(input.attempt);
  return runTransaction({
    ctx,
    input: {
      writer: null,
      work: async (txCtx) => {
        const tx = txCtx.db;
        for (const { key } of counters) {
          await tx.$executeRaw(ensureCounterSql(key, now));
        }
        const locked: LockedCounter[] = [];
        for (const { key, limit } of counters) {
          const [row] = await readRows(txCtx, lockCounterSql(key), COUNTER_ROW);
          locked.push({ key, limit, counter: { windowStart: row!.windowStart, failures: row!.failures } });
        }
        const { result, next } = input.change(locked);
        for (const [index, counter] of (next ?? []).entries()) {
          await tx.signInThrottle.update({
            where: { key: locked[index]!.key },
            data: { windowStart: counter.windowStart, failures: counter.failures },
          });
        }
        return result;
      },
    },
  });
}
