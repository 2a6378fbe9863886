// Enabling a disabled person again (docs/concepts.md "People and access"): they may sign in anew;
// their old sessions stay ended and the links made before the disable stay spent. It changes who
// can sign in, so it asks for a recent sign-in as disabling does (docs/operations.md "Sessions").
import { tenantScope } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { requireRecentSignIn } from '../account/require-recent-sign-in';
import { recordAccessChange } from '../audit/record-access-change';
import type { ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';
import { loadManagedPerson } from './load-managed-person';
import { personView, type PeopleViewer } from './person-authority';

export interface EnablePersonInput {
  viewer: PeopleViewer & { sessionId: string };
  userId: string;
  password?: string;
}

export async function enablePerson({ ctx, input }: ServiceCall<EnablePersonInput, PrismaClient>) {
  const { viewer } = input;
  const person = await loadManagedPerson({ ctx, input });
  // Sudo mode after the authority check, so a refusal never asks for a password first.
  await requireRecentSignIn({ ctx, input: { viewer, password: input.password } });
  return runTransaction({
    ctx,
    input: {
      writer: viewer.userId,
      work: async (txCtx) => {
        const tx = txCtx.db;
        // Only the call that flips the flag writes the audit row.
        const { count } = await tx.user.updateMany({ where: { id: person.id, disabled: true }, data: { disabled: false } });
        if (count === 1) {
          recordAccessChange({
            ctx: txCtx,
            input: {
              viewer,
              action: 'person.enabled',
              scope: tenantScope(person.tenantRef),
              tenantRef: person.tenantRef,
              subjectUserId: person.id,
            },
          });
        }
        return personView(await tx.user.findUniqueOrThrow({ where: { id: person.id } }));
      },
    },
  });
}
