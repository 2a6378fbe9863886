// Matches a single-sign-on identity to a console user by email; creates one only when the
// deployment names a tenant for newcomers (OIDC_PROVISION_TENANT).
import type { ServiceCall } from '../context';
import { createUser } from './create-user';

export interface ProvisionOidcUserInput {
  email: string;
  name: string;
  /** The tenant a newcomer joins; without it only people who already exist may sign in. */
  provisionTenant?: string;
}

export async function provisionOidcUser({ ctx, input }: ServiceCall<ProvisionOidcUserInput>): Promise<boolean> {
  const email = input.email.toLowerCase();
  const existing = await ctx.db.user.findUnique({ where: { email } });
  // A system principal is no person: a single-sign-on identity can neither use nor become it.
  if (existing) return !existing.disabled && !existing.system;
  if (!input.provisionTenant) return false;
  await createUser({
    ctx,
    input: {
      email,
      name: input.name,
      // A fresh, opaque actor ref from the context's id source (the same ids tests fix).
      actorRef: ctx.newId('usr').slice(4).toLowerCase(),
      tenantRef: input.provisionTenant,
    },
  });
  return true;
}
