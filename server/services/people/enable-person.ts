// Enabling a disabled person again (docs/concepts.md "People and access"): they may sign in anew;
// their old sessions stay ended.
import { tenantScope } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { recordAccessChange } from '../audit/record-access-change';
import { inTransaction, type ServiceCall } from '../context';
import { loadManagedPerson } from './load-managed-person';
import { personView, type PeopleViewer } from './person-authority';

export interface EnablePersonInput {
  viewer: PeopleViewer;
  userId: string;
}

export async function enablePerson({ ctx, input }: ServiceCall<EnablePersonInput, PrismaClient>) {
  const { viewer } = input;
  const person = await loadManagedPerson({ ctx, input });
  return ctx.db.$transaction(async (tx) => {
    // Only the call that flips the flag writes the audit row.
    const { count } = await tx.user.updateMany({ where: { id: person.id, disabled: true }, data: { disabled: false } });
    if (count === 1) {
      await recordAccessChange({
        ctx: inTransaction(ctx, tx),
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
  });
}
