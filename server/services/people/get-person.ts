// One person, for an administrator who manages them (docs/concepts.md "People and access",
// docs/features.md "People"): who they are, their roles and groups in people's words, their
// status and last activity, their open sessions and how many memories the assistant holds for them.
// Another organisation's person is not found; a non-administrator of their own is refused
// (person-authority.ts).
import { countOwnMemories } from '../memories/count-own-memories';
import { listOpenSessions } from '../account/list-open-sessions';
import type { ServiceCall } from '../context';
import { loadManagedPerson, type LoadManagedPersonInput } from './load-managed-person';
import { loadStanding, personWithStanding } from './load-standing';

export async function getPerson({ ctx, input }: ServiceCall<LoadManagedPersonInput>) {
  const person = await loadManagedPerson({ ctx, input });
  const [standing, sessions, memoryCount] = await Promise.all([
    loadStanding({ ctx, input: { people: [person] } }),
    listOpenSessions({ ctx, input: { userId: person.id } }),
    countOwnMemories({ ctx, input: { actorRef: person.actorRef } }),
  ]);
  return {
    ...personWithStanding(person, standing.get(person.id)),
    sessions: sessions.map((session) => ({
      id: session.id,
      device: session.device,
      signedInAt: session.signedInAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
    })),
    memoryCount,
  };
}
