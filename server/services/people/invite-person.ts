// Inviting someone into a tenant (docs/concepts.md "People and access"): the person is created
// without a password and a one-time link (72 hours) is shown once to the administrator, who hands
// it over. With single sign-on configured, the person may instead simply sign in with it: the
// sign-in matches them by email.
import type { PrismaClient } from '../../db/generated/client';
import { tenantScope } from '../../domain';
import { DomainError, notFound } from '../../errors/domain-error';
import { requireRecentSignIn } from '../account/require-recent-sign-in';
import { recordAccessChange } from '../audit/record-access-change';
import type { ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';
import { issueSignInLink } from './issue-sign-in-link';
import { personView, requirePeopleAdmin, type PeopleViewer } from './person-authority';

export interface InvitePersonInput {
  viewer: PeopleViewer & { sessionId: string };
  tenantRef: string;
  /** Already lower-cased and checked by the router. */
  email: string;
  name: string;
  password?: string;
}

export async function invitePerson({ ctx, input }: ServiceCall<InvitePersonInput, PrismaClient>) {
  const { viewer, tenantRef } = input;
  requirePeopleAdmin(viewer, tenantRef, 'That organisation');
  if (!(await ctx.db.tenant.findUnique({ where: { ref: tenantRef } }))) throw notFound('That organisation');
  await requireRecentSignIn({ ctx, input: { viewer, password: input.password } });
  const email = input.email.trim().toLowerCase();
  const clash = () =>
    new DomainError('CONFLICT', 'Someone with this email already has an account.', {
      fieldErrors: [{ field: 'email', message: 'this email already has an account' }],
    });
  if (await ctx.db.user.findUnique({ where: { email } })) throw clash();
  try {
    return await runTransaction({
      ctx,
      input: {
        writer: viewer.userId,
        work: async (txCtx) => {
          const tx = txCtx.db;
          const id = ctx.newId('usr');
          const person = await tx.user.create({
            // A fresh, opaque actor ref, as single sign-on gives a newcomer.
            data: { id, email, name: input.name, tenantRef, actorRef: id.slice(4).toLowerCase(), passwordHash: null },
          });
          const link = await issueSignInLink({ ctx: txCtx, input: { userId: person.id, kind: 'invite', createdBy: viewer.userId } });
          recordAccessChange({
            ctx: txCtx,
            input: {
              viewer,
              action: 'person.invited',
              scope: tenantScope(tenantRef),
              tenantRef,
              subjectUserId: person.id,
              after: { email, name: input.name },
            },
          });
          return { person: personView(person), link };
        },
      },
    });
  } catch (error) {
    // Two invites of one email at once: the unique index lets one through.
    if (typeof error === 'object' && error !== null && (error as { code?: string }).code === 'P2002') throw clash();
    throw error;
  }
}
