// A reserved sign-in attempt had the right password: it no longer counts as a failure.
import { uncountAttempt } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import { changeSignInCounters, type SignInAttempt } from './change-sign-in-counters';

export type SettleSignInSuccessInput = SignInAttempt;

export async function settleSignInSuccess({ ctx, input }: ServiceCall<SettleSignInSuccessInput, PrismaClient>): Promise<void> {
  const now = ctx.now();
  await changeSignInCounters({
    ctx,
    input: {
      attempt: input,
      now,
      change: (counters) => ({ result: undefined, next: counters.map(({ counter, limit }) => uncountAttempt(counter, limit, now)) }),
    },
  });
}
