// The Next-specific half of the tRPC context: the session from next-auth, the process's database,
// and the viewer shared with the page being rendered.
import { getSessionIdentity, getViewer } from '../auth/session';
import type { SessionIdentity } from '../services/account/check-session';
import { getDatabase } from '../db/client';
import { readRunnerOf } from '../db/open-database';
import { createContextInner } from './trpc';

/** `session`: the identity the route already read from the cookie (for its slot); read here when not given. */
export async function createContext(session?: SessionIdentity | null) {
  // getViewer is memoized per request, so a page and the procedures it prefetches load it once.
  const db = await getDatabase();
  const sql = readRunnerOf(db);
  return createContextInner({
    session: session === undefined ? await getSessionIdentity() : session,
    db: db.prisma,
    ...(sql ? { deps: { sql } } : {}),
    loadViewer: () => getViewer(),
  });
}
