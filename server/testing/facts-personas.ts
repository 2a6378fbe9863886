// Demo personas for the published-facts and settings tests, and a Hamburg administrator the tests
// add (the demo has none who can sign in).
import { createUser } from '../services/users/create-user';
import { grantRole } from '../services/users/grant-role';
import type { SeededDatabase } from './seeded-database';

export const ALICE = 'alice@example.com';
export const BOB = 'bob@example.com';
export const HANA = 'hana@example.com';
export const OLGA = 'olga@example.com';
export const GINA = 'gina@example.com';
export const HAMBURG_ADMIN = 'hamburg-admin@example.com';

/** Creates (once) a Hamburg administrator who is not a member of depot:hh. */
export async function addHamburgAdmin(db: SeededDatabase): Promise<void> {
  if (await db.prisma.user.findUnique({ where: { email: HAMBURG_ADMIN } })) return;
  const user = await createUser({
    ctx: db.ctx,
    input: { email: HAMBURG_ADMIN, name: 'Hamburg Admin', actorRef: 'hadmin', tenantRef: 'hamburg' },
  });
  await grantRole({ ctx: db.ctx, input: { userId: user.id, scope: 'tenant:hamburg', role: 'admin' } });
}

export async function factId(db: SeededDatabase, scope: string, key: string): Promise<string> {
  return (await db.prisma.agentMemory.findUniqueOrThrow({ where: { scope_key: { scope, key } } })).id;
}
