// grants.remove: takes a grant away; the person loses it on their next request (the viewer is
// loaded per request). Nobody removes the last administrator of an organisation: the removal
// locks the organisation's row, so two administrators removing each other at once are decided one
// after the other, and the second sees the first's removal. Asks for the password when the sign-in
// is older than ten minutes.
import { isLastAdministrator, tenantScope } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { DomainError, notFound } from '../../errors/domain-error';
import { requireRecentSignIn } from '../account/require-recent-sign-in';
import { recordAccessChange } from '../audit/record-access-change';
import type { ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';
import type { PeopleViewer } from '../people/person-authority';
import { lockTenantAdministrators } from '../people/lock-tenant-administrators';
import { authorizeGrantChange } from './authorize-grant-change';

export interface RemoveGrantInput {
  viewer: PeopleViewer & { sessionId: string };
  grantId: string;
  password?: string;
}

export async function removeGrant({ ctx, input }: ServiceCall<RemoveGrantInput, PrismaClient>) {
  const { viewer } = input;
  const grant = await ctx.db.grant.findUnique({ where: { id: input.grantId } });
  if (!grant) throw notFound('That role');
  const { person, scopeTenantRef } = await authorizeGrantChange({
    ctx,
    input: { viewer, userId: grant.userId, scope: grant.scope, role: grant.role },
  });
  await requireRecentSignIn({ ctx, input: { viewer, password: input.password } });
  return runTransaction({
    ctx,
    input: {
      writer: viewer.userId,
      work: async (txCtx) => {
        const tx = txCtx.db;
        if (grant.role === 'admin' && grant.scope === tenantScope(person.tenantRef)) {
          // Every change to an organisation's administrators waits here for the one before it.
          const admins = await lockTenantAdministrators({ ctx: txCtx, input: { tenantRef: person.tenantRef } });
          if (isLastAdministrator({ grants: admins, tenantRef: person.tenantRef, userId: person.id })) {
            throw new DomainError(
              'FORBIDDEN',
              `${person.name} is the last administrator of ${person.tenant.name}. Make someone else an administrator first.`,
              { reason: 'LAST_ADMINISTRATOR' },
            );
          }
        }
        const { count } = await tx.grant.deleteMany({ where: { id: grant.id } });
        if (count === 1) {
          recordAccessChange({
            ctx: txCtx,
            input: {
              viewer,
              action: 'grant.removed',
              scope: grant.scope,
              tenantRef: scopeTenantRef,
              subjectUserId: person.id,
              before: { grantId: grant.id, userId: person.id, name: person.name, scope: grant.scope, role: grant.role },
            },
          });
        }
        return { id: grant.id, removed: count === 1 };
      },
    },
  });
}
