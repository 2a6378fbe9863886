// Changing your own password: the current one must be right, the new one must pass the policy
// (server/domain/password-policy.ts). Every other session ends; this one stays signed in.
import { validateNewPassword } from '../../domain';
import { hashPassword, verifyPassword } from '../../auth/password';
import { DomainError } from '../../errors/domain-error';
import type { ServiceDeps } from '../deps';
import { revokeUserSessions } from './revoke-sessions';

export async function changePassword(
  deps: ServiceDeps,
  viewer: { userId: string; sessionId: string },
  input: { current: string; next: string },
): Promise<{ endedSessions: number }> {
  const user = await deps.prisma.user.findUniqueOrThrow({ where: { id: viewer.userId } });
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
  const now = deps.now();
  return deps.prisma.$transaction(async (tx) => {
    // Only if the password is still the one just checked: two changes at once cannot both win.
    const { count } = await tx.user.updateMany({ where: { id: user.id, passwordHash: user.passwordHash }, data: { passwordHash } });
    if (count === 0) {
      throw new DomainError('CONFLICT', 'Your password was changed in the meantime. Reload and try again.');
    }
    return { endedSessions: await revokeUserSessions(tx, user.id, now, viewer.sessionId) };
  });
}
