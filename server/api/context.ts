// The Next-specific half of the tRPC context: the session from next-auth, the process's database.
import { getSessionIdentity } from '../auth/session';
import { getPrisma } from '../db/client';
import { createContextInner } from './trpc';

export async function createContext() {
  return createContextInner({ session: await getSessionIdentity(), db: await getPrisma() });
}
