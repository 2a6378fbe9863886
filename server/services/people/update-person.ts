// Renaming a person (docs/concepts.md "People and access").
import { tenantScope } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { recordAccessChange } from '../audit/record-access-change';
import { inTransaction, type ServiceCall } from '../context';
import { loadManagedPerson } from './load-managed-person';
import { personView, type PeopleViewer } from './person-authority';

export interface UpdatePersonInput {
  viewer: PeopleViewer;
  userId: string;
  name: string;
}

export async function updatePerson({ ctx, input }: ServiceCall<UpdatePersonInput, PrismaClient>) {
  const { viewer } = input;
  const person = await loadManagedPerson({ ctx, input });
  if (person.name === input.name) return personView(person);
  return ctx.db.$transaction(async (tx) => {
    const before = await tx.user.findUniqueOrThrow({ where: { id: person.id } });
    const updated = await tx.user.update({ where: { id: person.id }, data: { name: input.name } });
    await recordAccessChange({
      ctx: inTransaction(ctx, tx),
      input: {
        viewer,
        action: 'person.renamed',
        scope: tenantScope(person.tenantRef),
        tenantRef: person.tenantRef,
        subjectUserId: person.id,
        before: { name: before.name },
        after: { name: updated.name },
      },
    });
    return personView(updated);
  });
}
