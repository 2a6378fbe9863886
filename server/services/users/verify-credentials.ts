// Email + password sign-in. Unknown email, wrong password and disabled account get the same
// answer, so the sign-in form never reveals which accounts exist.
import { verifyPassword } from '../../auth/password';
import type { Db } from '../deps';

export async function verifyCredentials(db: Db, email: string, password: string) {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user || user.disabled || !(await verifyPassword(password, user.passwordHash))) return null;
  return { id: user.id, email: user.email, name: user.name };
}
