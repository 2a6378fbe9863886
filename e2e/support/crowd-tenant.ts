// An organisation of its own for the read-path journey (e2e/memories-scale.spec.ts): one person who
// sees thousands of memories — their own and their organisation's — so no demo persona's list,
// review queue, forecast or audit log changes. Added by e2e/prepare-database.ts; idempotent.
import type { PrismaClient } from '../../server/db/generated/client';
import { serviceContext } from '../../server/services/context';
import { createUser } from '../../server/services/users/create-user';

export const CROWD_TENANT = { ref: 'e2e-crowd', name: 'Crowd test organisation' };
export const CROWD_ACCOUNT = { email: 'e2e-crowd@example.com', name: 'Cora Crowd', password: 'crowd-password-1', actorRef: 'e2e-crowd' };
export const CROWD_THREAD = { id: 'thr_e2e_crowd', title: 'Crowd planning session' };
export const CROWD_PUBLISHED = 2400;
export const CROWD_OWN = 60;
/** Every seventh published fact mentions this word, so a search finds a few pages' worth. */
export const CROWD_TOPIC = 'parking';
const TOPICS = [CROWD_TOPIC, 'lunch', 'travel', 'printing', 'holidays', 'badges', 'coffee'];

export const crowdKey = (i: number) => `crowd-${String(i).padStart(4, '0')}`;

export async function seedCrowdTenant(prisma: PrismaClient): Promise<void> {
  if (await prisma.user.findUnique({ where: { email: CROWD_ACCOUNT.email } })) return;
  await prisma.tenant.create({ data: CROWD_TENANT });
  await createUser({ ctx: serviceContext(prisma), input: { ...CROWD_ACCOUNT, tenantRef: CROWD_TENANT.ref } });
  await prisma.thread.create({ data: { ...CROWD_THREAD, actorRef: CROWD_ACCOUNT.actorRef } });
  const updatedAt = new Date(Date.UTC(2026, 10, 1));
  await prisma.agentMemory.createMany({
    data: [
      ...Array.from({ length: CROWD_PUBLISHED }, (_, i) => ({
        id: `mem_e2e_crowd_t${i}`,
        key: crowdKey(i),
        text: `Rule ${i} of the organisation about ${TOPICS[i % TOPICS.length]}.`,
        scope: `tenant:${CROWD_TENANT.ref}`,
        tenantRef: CROWD_TENANT.ref,
        author: 'human' as const,
        pinned: i % 500 === 0,
        updatedAt,
      })),
      // Own values: half override a published key, half are keys of their own; a few came from a conversation.
      ...Array.from({ length: CROWD_OWN }, (_, i) => ({
        id: `mem_e2e_crowd_a${i}`,
        key: i % 2 ? crowdKey(i * 3) : `mine-${String(i).padStart(2, '0')}`,
        text: `My own note ${i}.`,
        scope: `actor:${CROWD_ACCOUNT.actorRef}`,
        tenantRef: CROWD_TENANT.ref,
        author: 'human' as const,
        actorRef: CROWD_ACCOUNT.actorRef,
        threadId: i % 10 === 0 ? CROWD_THREAD.id : null,
        updatedAt,
      })),
    ],
  });
}
