// grants.add: gives a person `admin` or `operator` at their organisation, one of its custom scopes
// (admin only) or `global` (global administrators only). Asks for the password when the sign-in is
// older than ten minutes. Adding a grant the person already holds changes nothing.
import type { GrantRoleName } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { requireRecentSignIn } from '../account/require-recent-sign-in';
import { recordAccessChange } from '../audit/record-access-change';
import type { ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';
import type { PeopleViewer } from '../people/person-authority';
import { authorizeGrantChange } from './authorize-grant-change';

export interface AddGrantInput {
  viewer: PeopleViewer & { sessionId: string };
  userId: string;
  scope: string;
  role: GrantRoleName;
  password?: string;
}

export async function addGrant({ ctx, input }: ServiceCall<AddGrantInput, PrismaClient>) {
  const { viewer } = input;
  const { person, scopeTenantRef } = await authorizeGrantChange({ ctx, input });
  await requireRecentSignIn({ ctx, input: { viewer, password: input.password } });
  return runTransaction({
    ctx,
    input: {
      writer: viewer.userId,
      work: async (txCtx) => {
        const tx = txCtx.db;
        const id = ctx.newId('grt');
        // ON CONFLICT DO NOTHING: two adds of the same grant at once leave one row and one audit row.
        const { count } = await tx.grant.createMany({
          data: [{ id, userId: person.id, scope: input.scope, role: input.role, createdAt: ctx.now() }],
          skipDuplicates: true,
        });
        const grant = await tx.grant.findUniqueOrThrow({
          where: { userId_scope_role: { userId: person.id, scope: input.scope, role: input.role } },
        });
        if (count === 1) {
          recordAccessChange({
            ctx: txCtx,
            input: {
              viewer,
              action: 'grant.added',
              scope: input.scope,
              tenantRef: scopeTenantRef,
              subjectUserId: person.id,
              after: { grantId: grant.id, userId: person.id, name: person.name, scope: input.scope, role: input.role },
            },
          });
        }
        return { id: grant.id, scope: grant.scope, role: grant.role, added: count === 1 };
      },
    },
  });
}
