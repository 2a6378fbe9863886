// Renaming a person (docs/concepts.md "People and access").
import { tenantScope } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { recordAccessChange } from '../audit/record-access-change';
import type { ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';
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
  return runTransaction({
    ctx,
    input: {
      writer: viewer.userId,
      work: async (txCtx) => {
        const tx = txCtx.db;
        const before = await tx.user.findUniqueOrThrow({ where: { id: person.id } });
        const updated = await tx.user.update({ where: { id: person.id }, data: { name: input.name } });
        recordAccessChange({
          ctx: txCtx,
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
      },
    },
  });
}
