// Demo personas for the published-facts and settings tests, and a Hamburg administrator the tests
// add (the demo has none who can sign in).
import { createUser } from '../services/users/create-user';
import { grantRole } from '../services/users/grant-role';
import type { SeededDatabase } from './seeded-database';

export { ALICE, BOB, GINA, HANA, OLGA } from './demo-people';
export const HAMBURG_ADMIN = 'hamburg-admin@example.com';
export const DEPOT_ADMIN = 'depot-admin@example.com';

const ADDED = {
  [HAMBURG_ADMIN]: { name: 'Hamburg Admin', actorRef: 'hadmin', scope: 'tenant:hamburg' },
  [DEPOT_ADMIN]: { name: 'Depot Admin', actorRef: 'dadmin', scope: 'depot:hh' },
};

/** Creates (once) a Hamburg administrator of the tenant or of depot:hh; neither is a depot member. */
export async function addHamburgAdmin(db: SeededDatabase, email: keyof typeof ADDED = HAMBURG_ADMIN): Promise<void> {
  if (await db.prisma.user.findUnique({ where: { email } })) return;
  const { name, actorRef, scope } = ADDED[email];
  const user = await createUser({ ctx: db.ctx, input: { email, name, actorRef, tenantRef: 'hamburg' } });
  await grantRole({ ctx: db.ctx, input: { userId: user.id, scope, role: 'admin' } });
}

export async function factId(db: SeededDatabase, scope: string, key: string): Promise<string> {
  return (await db.prisma.agentMemory.findUniqueOrThrow({ where: { scope_key: { scope, key } } })).id;
}
