// Counting a sign-in attempt against its account and client address before its password is
// checked, under a row lock, so parallel guesses cannot overshoot the limit.
import { combineThrottleVerdicts, countAttempt, decideThrottle, throttleCounterExpiredBefore, type ThrottleVerdict } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import { changeSignInCounters, type SignInAttempt } from './change-sign-in-counters';

export type ReserveSignInAttemptInput = SignInAttempt;

/**
 * Whether this attempt may have its password checked. If so it is counted as a failure right away;
 * call `settleSignInSuccess` when the password was right.
 */
export async function reserveSignInAttempt({ ctx, input }: ServiceCall<ReserveSignInAttemptInput, PrismaClient>): Promise<ThrottleVerdict> {
  const now = ctx.now();
  // Forget counters whose window has ended under every limit, so the table stays small.
  await ctx.db.signInThrottle.deleteMany({ where: { windowStart: { lt: throttleCounterExpiredBefore(now) } } });
  return changeSignInCounters({
    ctx,
    input: {
      attempt: input,
      now,
      change: (counters) => {
        const verdict = combineThrottleVerdicts(counters.map(({ counter, limit }) => decideThrottle(counter, limit, now)));
        return {
          result: verdict,
          next: verdict.allowed ? counters.map(({ counter, limit }) => countAttempt(counter, limit, now)) : undefined,
        };
      },
    },
  });
}
