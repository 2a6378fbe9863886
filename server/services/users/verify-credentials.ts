// Email + password sign-in. Unknown email, wrong password and disabled account get the same
// answer after the same bcrypt work, so neither the answer nor its timing reveals which accounts
// exist or are disabled.
import { verifyPassword } from '../../auth/password';
import type { Db } from '../deps';

export async function verifyCredentials(db: Db, email: string, password: string) {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  const matches = await verifyPassword(password, user?.passwordHash ?? null);
  if (!user || user.disabled || !matches) return null;
  return { id: user.id, email: user.email, name: user.name };
}
