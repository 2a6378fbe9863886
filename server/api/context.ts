// The Next-specific half of the tRPC context: the session from next-auth, the process's database,
// and the viewer shared with the page being rendered.
import { getSessionIdentity, getViewer } from '../auth/session';
import type { SessionIdentity } from '../services/account/check-session';
import { cookies } from 'next/headers';
import { getDatabase } from '../db/client';
import { readRunnerOf } from '../db/open-database';
import { WAL_COOKIE, WAL_COOKIE_SECONDS } from '../db/replica';
import { pageReads } from '../http/page-reads';
import { readRoutingOf } from './read-routing';
import { createContextInner } from './trpc';

/** `session`: the identity the route already read from the cookie (for its slot); read here when not given. */
export async function createContext(session?: SessionIdentity | null) {
  // getViewer is memoized per request, so a page and the procedures it prefetches load it once.
  const db = await getDatabase();
  const sql = readRunnerOf(db);
  // With a read replica, queries read from it once it has replayed this browser's last write
  // (server/db/read-connection.ts; the same choice as the page being rendered); a mutation notes
  // the primary's position after it.
  const readRouting = readRoutingOf(await pageReads(), async (lsn) => {
    (await cookies()).set(WAL_COOKIE, lsn, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: WAL_COOKIE_SECONDS });
  });
  return createContextInner({
    session: session === undefined ? await getSessionIdentity() : session,
    db: db.prisma,
    ...(sql ? { deps: { sql } } : {}),
    loadViewer: () => getViewer(),
    ...(readRouting ? { readRouting } : {}),
  });
}
