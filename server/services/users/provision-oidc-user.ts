// Matches a single-sign-on identity to a console user by email; creates one only when the
// deployment names a tenant for newcomers (OIDC_PROVISION_TENANT).
import type { PrismaClient } from '../../db/generated/client';
import { newId } from '../deps';
import { createUser } from './create-user';

export async function provisionOidcUser(
  prisma: PrismaClient,
  input: { email: string; name: string; provisionTenant?: string },
): Promise<boolean> {
  const email = input.email.toLowerCase();
  const existing = await prisma.user.findUnique({ where: { email } });
  if (existing) return !existing.disabled;
  if (!input.provisionTenant) return false;
  await createUser(prisma, { newId }, {
    email,
    name: input.name,
    actorRef: newId('usr').slice(4).toLowerCase(),
    tenantRef: input.provisionTenant,
  });
  return true;
}
