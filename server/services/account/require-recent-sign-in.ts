// "Sudo mode" (docs/operations.md "Sessions"): a sensitive action goes ahead only when this session
// signed in, or confirmed the password, within the last ten minutes. The caller passes the password
// the person typed when the console asked for it; a correct one renews the window.
import { signedInRecently } from '../../domain';
import { verifyPassword } from '../../auth/password';
import { DomainError } from '../../errors/domain-error';
import type { PrismaClient } from '../../db/generated/client';
import { reserveSignInAttempt } from '../auth/reserve-sign-in-attempt';
import { settleSignInSuccess } from '../auth/settle-sign-in-success';
import type { ServiceCall } from '../context';

export interface RequireRecentSignInInput {
  viewer: { userId: string; sessionId: string };
  /** The password typed in the confirmation dialog, when the console asked for one. */
  password?: string;
}

export const REAUTH_REQUIRED = 'REAUTH_REQUIRED';
export const REAUTH_FAILED = 'REAUTH_FAILED';
/** For people without a password (single sign-on): only a new sign-in proves it is still them. */
export const REAUTH_SIGN_IN_AGAIN = 'REAUTH_SIGN_IN_AGAIN';

/** Call it before the action's own transaction: a wrong password counts against the account's sign-in limit. */
export async function requireRecentSignIn({ ctx, input }: ServiceCall<RequireRecentSignInInput, PrismaClient>): Promise<void> {
  const now = ctx.now();
  const session = await ctx.db.userSession.findUnique({
    where: { id: input.viewer.sessionId },
    select: { userId: true, createdAt: true, reauthenticatedAt: true, user: { select: { email: true, passwordHash: true } } },
  });
  if (!session || session.userId !== input.viewer.userId) {
    throw new DomainError('FORBIDDEN', 'Your session has ended. Sign in again.', { reason: REAUTH_REQUIRED });
  }
  if (signedInRecently(session, now)) return;
  if (!session.user.passwordHash) {
    throw new DomainError('FORBIDDEN', 'This change needs a recent sign-in. Sign out and sign in again, then retry within ten minutes.', {
      reason: REAUTH_SIGN_IN_AGAIN,
    });
  }
  if (input.password === undefined) {
    throw new DomainError('FORBIDDEN', 'Confirm your password to continue: you signed in more than ten minutes ago.', {
      reason: REAUTH_REQUIRED,
    });
  }
  // Guesses here count like sign-in attempts, so a borrowed session cannot try passwords at will.
  const attempt = { email: session.user.email, address: null };
  const verdict = await reserveSignInAttempt({ ctx, input: attempt });
  if (!verdict.allowed) {
    const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
    throw new DomainError('FORBIDDEN', `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
      reason: REAUTH_FAILED,
    });
  }
  if (!(await verifyPassword(input.password, session.user.passwordHash))) {
    throw new DomainError('FORBIDDEN', 'That password is not correct. Try again.', {
      reason: REAUTH_FAILED,
      fieldErrors: [{ field: 'password', message: 'That password is not correct.' }],
    });
  }
  await settleSignInSuccess({ ctx, input: attempt });
  await ctx.db.userSession.update({ where: { id: input.viewer.sessionId }, data: { reauthenticatedAt: now } });
}
