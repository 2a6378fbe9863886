// The Next-specific half of the tRPC context: the session from next-auth, the process's database.
import { getSessionUserId } from '../auth/session';
import { getPrisma } from '../db/client';
import { createContextInner } from './trpc';

export async function createContext() {
  const userId = await getSessionUserId();
  return createContextInner({ session: userId ? { userId } : null, db: await getPrisma() });
}
