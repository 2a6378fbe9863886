// An administrator's password reset (docs/concepts.md "People and access"): a one-time link like
// the invite's. Nothing changes for the person until the link is used; then their old password and
// every session end.
import { tenantScope } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { DomainError } from '../../errors/domain-error';
import { requireRecentSignIn } from '../account/require-recent-sign-in';
import { recordAccessChange } from '../audit/record-access-change';
import { readRows, type ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';
import { issueSignInLink } from './issue-sign-in-link';
import { loadManagedPerson } from './load-managed-person';
import { type PeopleViewer } from './person-authority';
import { DISABLED_ROW, sharePersonSql } from './people-locks-sql';

export interface ResetPasswordInput {
  viewer: PeopleViewer & { sessionId: string };
  userId: string;
  password?: string;
}

export async function resetPassword({ ctx, input }: ServiceCall<ResetPasswordInput, PrismaClient>) {
  const { viewer } = input;
  const person = await loadManagedPerson({ ctx, input });
  const disabled = () =>
    new DomainError('FORBIDDEN', 'This account is disabled. Enable it before resetting the password.', { reason: 'DISABLED' });
  if (person.disabled) throw disabled();
  await requireRecentSignIn({ ctx, input: { viewer, password: input.password } });
  return runTransaction({
    ctx,
    input: {
      writer: viewer.userId,
      work: async (txCtx) => {
        // Checked again under a lock a disable waits for: disabling spends every link, so a link
        // made while a disable commits would outlive it.
        const [subject] = await readRows(txCtx, sharePersonSql(person.id), DISABLED_ROW);
        if (subject?.disabled) throw disabled();
        // A person who never set a password gets a fresh invite; anyone else a reset.
        const kind = person.passwordHash === null ? 'invite' : 'reset';
        const link = await issueSignInLink({ ctx: txCtx, input: { userId: person.id, kind, createdBy: viewer.userId } });
        recordAccessChange({
          ctx: txCtx,
          input: {
            viewer,
            action: 'person.password-reset',
            scope: tenantScope(person.tenantRef),
            tenantRef: person.tenantRef,
            subjectUserId: person.id,
          },
        });
        return { link };
      },
    },
  });
}
