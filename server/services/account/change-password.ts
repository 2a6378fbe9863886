// Changing your own password: the current one must be right, the new one must pass the policy
// (server/domain/password-policy.ts). Every other session ends; this one stays signed in.
import { validateNewPassword } from '../../domain';
import { hashPassword, verifyPassword } from '../../auth/password';
import { DomainError } from '../../errors/domain-error';
import type { PrismaClient } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';
import { revokeUserSessions } from './revoke-user-sessions';

export interface ChangePasswordInput {
  viewer: { userId: string; sessionId: string };
  current: string;
  next: string;
}

export async function changePassword({ ctx, input }: ServiceCall<ChangePasswordInput, PrismaClient>): Promise<{ endedSessions: number }> {
  const { viewer } = input;
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: viewer.userId } });
  if (!user.passwordHash) {
    throw new DomainError('FORBIDDEN', 'You sign in with single sign-on; change your password there.', { reason: 'NO_PASSWORD' });
  }
  if (!(await verifyPassword(input.current, user.passwordHash))) {
    throw new DomainError('INVALID', 'The current password is wrong.', {
      fieldErrors: [{ field: 'current', message: 'current password is wrong' }],
    });
  }
  const verdict = validateNewPassword(input.next, input.current);
  if (!verdict.ok) {
    throw new DomainError('INVALID', verdict.errors.map((error) => error.message).join('; '), { fieldErrors: verdict.errors });
  }
  const passwordHash = await hashPassword(input.next);
  return runTransaction({
    ctx,
    input: {
      writer: viewer.userId,
      writerRowChanges: true,
      work: async (txCtx) => {
        const tx = txCtx.db;
        // Only if the password is still the one just checked: two changes at once cannot both win.
        const { count } = await tx.user.updateMany({ where: { id: user.id, passwordHash: user.passwordHash }, data: { passwordHash } });
        if (count === 0) {
          throw new DomainError('CONFLICT', 'Your password was changed in the meantime. Reload and try again.');
        }
        return {
          endedSessions: await revokeUserSessions({ ctx: txCtx, input: { userId: user.id, keep: viewer.sessionId } }),
        };
      },
    },
  });
}
