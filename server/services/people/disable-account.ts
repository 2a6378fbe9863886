// What disabling an account changes, inside the caller's transaction, which has locked the row and
// decided it may: the flag (a database trigger then ends every session) and every one-time link not
// used yet, spent, so an old invite or reset link does not come back to life if the account is
// enabled again (docs/concepts.md "People and access").
import type { TransactionCall } from '../context';

/** Disables the account, or does nothing and answers false when it already was. */
export async function disableAccount({ ctx, input }: TransactionCall<{ userId: string }>): Promise<boolean> {
  const { count } = await ctx.db.user.updateMany({ where: { id: input.userId, disabled: false }, data: { disabled: true } });
  if (count === 0) return false;
  await ctx.db.signInLink.updateMany({ where: { userId: input.userId, usedAt: null }, data: { usedAt: ctx.now() } });
  return true;
}
