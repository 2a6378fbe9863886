// Email + password sign-in. Unknown email, wrong password and disabled account get the same
// answer after the same bcrypt work, so neither the answer nor its timing reveals which accounts
// exist or are disabled. A system principal never signs in.
import { verifyPassword } from '../../auth/password';
import { signInAccountEmail } from '../../domain';
import type { ServiceCall } from '../context';

export interface VerifyCredentialsInput {
  email: string;
  password: string;
}

export async function verifyCredentials({ ctx, input }: ServiceCall<VerifyCredentialsInput>) {
  const user = await ctx.db.user.findUnique({ where: { email: signInAccountEmail(input.email) } });
  const matches = await verifyPassword(input.password, user?.passwordHash ?? null);
  if (!user || user.disabled || user.system || !matches) return null;
  return { id: user.id, email: user.email, name: user.name };
}
