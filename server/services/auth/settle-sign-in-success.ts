// A reserved sign-in attempt had the right password: it no longer counts as a failure.
import { uncountAttempt } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import type { ServiceContext } from '../context';
import { storeCounter, withLockedCounters, type SignInAttempt } from './sign-in-counters';

export type SettleSignInSuccessInput = SignInAttempt;

export async function settleSignInSuccess({
  ctx,
  input,
}: {
  ctx: ServiceContext<PrismaClient>;
  input: SettleSignInSuccessInput;
}): Promise<void> {
  const now = ctx.now();
  await withLockedCounters(ctx, input, now, async (tx, counters) => {
    for (const { key, limit, counter } of counters) await storeCounter(tx, key, uncountAttempt(counter, limit, now));
  });
}
