// One person, for an administrator who manages them (docs/concepts.md "People and access").
import type { ServiceCall } from '../context';
import { loadManagedPerson, type LoadManagedPersonInput } from './load-managed-person';
import { personView } from './person-authority';

export async function getPerson({ ctx, input }: ServiceCall<LoadManagedPersonInput>) {
  return personView(await loadManagedPerson({ ctx, input }));
}
