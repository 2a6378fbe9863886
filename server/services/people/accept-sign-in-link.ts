// Using a one-time link (docs/concepts.md "People and access"): the person sets a password; their
// old password and every open session end. The link is spent by a conditional update, so of two
// uses at once exactly one wins.
import { hashPassword } from '../../auth/password';
import { hashTokenSecret } from '../../auth/api-token-secret';
import { signInLinkState, tenantScope, validateNewPassword } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { DomainError } from '../../errors/domain-error';
import { revokeUserSessions } from '../account/revoke-user-sessions';
import { recordAudit } from '../audit/record-audit';
import type { ServiceCall } from '../context';
import { runTransaction, WRITER_INACTIVE } from '../run-transaction';

export interface AcceptSignInLinkInput {
  token: string;
  password: string;
}

const UNUSABLE = {
  used: 'This link has already been used, or a newer one replaced it. Ask your administrator for a new link.',
  expired: 'This link has expired (links work for 72 hours). Ask your administrator for a new link.',
  unknown: 'This link does not work. Check that you copied all of it, or ask your administrator for a new link.',
} as const;

function unusable(state: keyof typeof UNUSABLE): DomainError {
  const reason = ({ used: 'LINK_USED', expired: 'LINK_EXPIRED', unknown: 'LINK_UNKNOWN' } as const)[state];
  return new DomainError(state === 'unknown' ? 'NOT_FOUND' : 'CONFLICT', UNUSABLE[state], { reason });
}

export async function acceptSignInLink({ ctx, input }: ServiceCall<AcceptSignInLinkInput, PrismaClient>): Promise<{ email: string }> {
  const verdict = validateNewPassword(input.password, '');
  if (!verdict.ok) {
    throw new DomainError('INVALID', verdict.errors.map((error) => error.message).join('; '), {
      fieldErrors: verdict.errors.map((error) => ({ field: 'password', message: error.message.replace(/^new password/, 'password') })),
    });
  }
  const tokenHash = hashTokenSecret(input.token);
  const passwordHash = await hashPassword(input.password);
  // The person's own row is the transaction's first lock (run-transaction.ts), so a disable that
  // commits meanwhile either waits for this or is seen by it.
  const found = await ctx.db.signInLink.findUnique({ where: { tokenHash }, select: { userId: true } });
  if (!found) throw unusable('unknown');
  try {
    return await runTransaction({
      ctx,
      input: {
        writer: found.userId,
        writerRowChanges: true,
        work: async (txCtx) => {
          const tx = txCtx.db;
          const now = ctx.now();
          const spent = await tx.signInLink.updateMany({
            where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
            data: { usedAt: now },
          });
          const link = await tx.signInLink.findUnique({ where: { tokenHash }, include: { user: true } });
          if (!link) throw unusable('unknown');
          if (spent.count === 0) {
            const state = signInLinkState(link, now);
            throw unusable(state === 'expired' ? 'expired' : 'used');
          }
          const person = link.user;
          if (person.disabled || person.system) throw unusable('unknown');
          await tx.user.update({ where: { id: person.id }, data: { passwordHash } });
          await revokeUserSessions({ ctx: txCtx, input: { userId: person.id } });
          recordAudit({
            ctx: txCtx,
            input: {
              userId: person.id,
              actorRef: person.actorRef,
              action: link.kind === 'invite' ? 'person.invite-accepted' : 'person.password-set',
              scope: tenantScope(person.tenantRef),
              tenantRef: person.tenantRef,
              memoryId: null,
              subjectUserId: person.id,
            },
          });
          return { email: person.email };
        },
      },
    });
  } catch (error) {
    // The link of a disabled person does not work (disabling spent it, too).
    if (error instanceof DomainError && error.details.reason === WRITER_INACTIVE) throw unusable('unknown');
    throw error;
  }
}
