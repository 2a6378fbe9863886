// The Next-specific half of the tRPC context: the session from next-auth, the process's database,
// and the viewer shared with the page being rendered.
import { getSessionIdentity, getViewer } from '../auth/session';
import { getDatabase } from '../db/client';
import { readRunnerOf } from '../db/open-database';
import { createContextInner } from './trpc';

export async function createContext() {
  // getViewer is memoized per request, so a page and the procedures it prefetches load it once.
  const db = await getDatabase();
  const sql = readRunnerOf(db);
  return createContextInner({
    session: await getSessionIdentity(),
    db: db.prisma,
    ...(sql ? { deps: { sql } } : {}),
    loadViewer: () => getViewer(),
  });
}
