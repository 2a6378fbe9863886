// Disabling a person (docs/concepts.md "People and access"): every session ends at once (a
// database trigger on the flag), they cannot sign in, and every one-time link they have not used
// yet is spent, so an old invite or reset link does not come back to life if they are enabled
// again. Nobody disables themselves, and a tenant's last administrator stays: the check runs under
// the tenant's administrator lock.
//
// Their row is locked FOR NO KEY UPDATE before it is read: every write of theirs holds it FOR
// SHARE from its start (run-transaction.ts), so a write already under way commits before the
// disable and its audit row, and one that starts later is refused.
import { isLastAdministrator, tenantScope } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { DomainError } from '../../errors/domain-error';
import { requireRecentSignIn } from '../account/require-recent-sign-in';
import { recordAccessChange } from '../audit/record-access-change';
import type { ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';
import { disableAccount } from './disable-account';
import { lockTenantAdministrators } from './lock-tenant-administrators';
import { loadManagedPerson } from './load-managed-person';
import { lockPersonNoKeySql } from './people-locks-sql';
import { personView, type PeopleViewer } from './person-authority';

export interface DisablePersonInput {
  viewer: PeopleViewer & { sessionId: string };
  userId: string;
  password?: string;
}

export async function disablePerson({ ctx, input }: ServiceCall<DisablePersonInput, PrismaClient>) {
  const { viewer } = input;
  const person = await loadManagedPerson({ ctx, input });
  if (person.id === viewer.userId) {
    throw new DomainError('FORBIDDEN', 'You cannot disable your own account. Ask another administrator.', { reason: 'SELF' });
  }
  await requireRecentSignIn({ ctx, input: { viewer, password: input.password } });
  return runTransaction({
    ctx,
    input: {
      writer: viewer.userId,
      work: async (txCtx) => {
        const tx = txCtx.db;
        const grants = await lockTenantAdministrators({ ctx: txCtx, input: { tenantRef: person.tenantRef } });
        // NO KEY UPDATE: it waits for their writes (FOR SHARE) but not for rows that merely refer to them.
        await tx.$queryRaw(lockPersonNoKeySql(person.id));
        const current = await tx.user.findUniqueOrThrow({ where: { id: person.id } });
        if (current.disabled) return personView(current);
        if (isLastAdministrator({ grants, tenantRef: person.tenantRef, userId: person.id })) {
          throw new DomainError(
            'FORBIDDEN',
            'This person is the last administrator of their organisation. Make someone else an administrator first.',
            { reason: 'LAST_ADMINISTRATOR' },
          );
        }
        await disableAccount({ ctx: txCtx, input: { userId: person.id } });
        recordAccessChange({
          ctx: txCtx,
          input: {
            viewer,
            action: 'person.disabled',
            scope: tenantScope(person.tenantRef),
            tenantRef: person.tenantRef,
            subjectUserId: person.id,
          },
        });
        return personView({ ...current, disabled: true });
      },
    },
  });
}
