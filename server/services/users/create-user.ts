// Creates a person: email (unique, lower-cased), name, optional password, actor ref and tenant.
// `system` creates a principal that acts for the deployment instead (README "Demo accounts"): it
// never gets a password, so it cannot sign in, and no person list or count includes it.
import { z } from 'zod';
import { hashPassword } from '../../auth/password';
import { DomainError } from '../../errors/domain-error';
import type { ServiceCall } from '../context';

export const createUserSchema = z
  .object({
    email: z
      .email()
      .max(254)
      .transform((email) => email.toLowerCase()),
    name: z.string().trim().min(1).max(120),
    password: z.string().min(4).max(200).optional(),
    actorRef: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'actorRef must be 1–64 characters of A-Z, a-z, 0-9, . _ -'),
    tenantRef: z.string().min(1),
    system: z.boolean().optional(),
  })
  .refine((user) => !(user.system && user.password), { path: ['password'], message: 'a system principal has no password' });

export type CreateUserInput = z.input<typeof createUserSchema>;

export async function createUser({ ctx, input }: ServiceCall<CreateUserInput>) {
  const { db } = ctx;
  const parsed = createUserSchema.safeParse(input);
  if (!parsed.success) {
    throw new DomainError('INVALID', 'Invalid user.', {
      fieldErrors: parsed.error.issues.map((issue) => ({ field: String(issue.path[0]), message: issue.message })),
    });
  }
  const { email, name, password, actorRef, tenantRef, system } = parsed.data;
  const clash = await db.user.findFirst({ where: { OR: [{ email }, { actorRef }] } });
  if (clash) throw new DomainError('CONFLICT', `A user with that ${clash.email === email ? 'email' : 'actor ref'} already exists.`);
  const tenant = await db.tenant.findUnique({ where: { ref: tenantRef } });
  if (!tenant)
    throw new DomainError('INVALID', `Unknown tenant ${tenantRef}.`, { fieldErrors: [{ field: 'tenantRef', message: 'unknown tenant' }] });
  return db.user.create({
    data: {
      id: ctx.newId('usr'),
      email,
      name,
      actorRef,
      tenantRef,
      system: system ?? false,
      passwordHash: password ? await hashPassword(password) : null,
    },
  });
}
