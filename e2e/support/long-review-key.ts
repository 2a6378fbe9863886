// A review key held by more people than a detail shows at once (e2e/review-paging.spec.ts), in the
// crowd organisation (support/crowd-tenant.ts) with an administrator of its own, so no demo
// persona's review queue changes. Added by e2e/prepare-database.ts after the crowd; idempotent.
import type { PrismaClient } from '../../server/db/generated/client';
import { serviceContext } from '../../server/services/context';
import { createUser } from '../../server/services/users/create-user';
import { grantRole } from '../../server/services/users/grant-role';
import { CROWD_TENANT } from './crowd-tenant';

export const CROWD_ADMIN = {
  email: 'e2e-crowd-admin@example.com',
  name: 'Cai Crowd',
  password: 'crowd-admin-password-1',
  actorRef: 'e2e-crowd-admin',
};
export const LONG_KEY = 'commute';
/** More than one page of a detail (200) and less than two. */
export const LONG_KEY_PEOPLE = 230;

export async function seedLongReviewKey(prisma: PrismaClient): Promise<void> {
  if (await prisma.user.findUnique({ where: { email: CROWD_ADMIN.email } })) return;
  const ctx = serviceContext(prisma);
  const admin = await createUser({ ctx, input: { ...CROWD_ADMIN, tenantRef: CROWD_TENANT.ref } });
  await grantRole({ ctx, input: { userId: admin.id, scope: `tenant:${CROWD_TENANT.ref}`, role: 'admin' } });
  // The assistant's conclusions about people who have no account: one each, a minute apart.
  await prisma.agentMemory.createMany({
    data: Array.from({ length: LONG_KEY_PEOPLE }, (_, i) => {
      const actorRef = `e2e-commuter-${String(i).padStart(3, '0')}`;
      return {
        id: `mem_e2e_commute_${i}`,
        key: LONG_KEY,
        text: `Commutes by ${['bike', 'train', 'car'][i % 3]}.`,
        scope: `actor:${actorRef}`,
        tenantRef: CROWD_TENANT.ref,
        author: 'agent' as const,
        actorRef,
        updatedAt: new Date(Date.UTC(2026, 10, 1, 0, i)),
      };
    }),
  });
}
