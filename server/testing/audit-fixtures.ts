// Helpers for the audit log's tests: shared facts changed through the real write path, each test
// under a key of its own.
import type { SeededDatabase } from './seeded-database';
import { loadViewer, type Viewer } from '../auth/viewer';
import { writeMemory } from '../services/memories/write-memory';
import { humanWriter } from '../services/memories/writer';

/** The demo's global administrator. */
export const GLOBAL_ADMIN = 'gina@example.com';

export async function viewerOf(db: SeededDatabase, email: string): Promise<Viewer> {
  return (await loadViewer(db.prisma, await db.userId(email)))!;
}

/** Saves `text` at `scope`/`key` as the administrator `email` (an audit row each time). */
export async function saveAs(db: SeededDatabase, email: string, scope: string, key: string, text: string, pinned?: boolean) {
  const viewer = await viewerOf(db, email);
  return writeMemory({
    ctx: db.ctx,
    input: {
      writer: humanWriter(viewer),
      scope,
      key,
      text,
      pinned,
    },
  });
}

/** The newest audit row about `key`. */
export async function lastAuditOf(db: SeededDatabase, key: string) {
  return db.prisma.auditEvent.findFirstOrThrow({ where: { key }, orderBy: [{ at: 'desc' }, { seq: 'desc' }] });
}
