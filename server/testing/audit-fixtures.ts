// Helpers for the audit log's tests: a global administrator (until the demo seeds one) and shared
// facts changed through the real write path, each under a key of its own.
import type { SeededDatabase } from './seeded-database';
import { loadViewer, type Viewer } from '../auth/viewer';
import { administers } from '../auth/administers';
import { createUser } from '../services/users/create-user';
import { grantRole } from '../services/users/grant-role';
import { writeMemory } from '../services/memories/write-memory';

export const GLOBAL_ADMIN = 'grace@example.com';

export async function addGlobalAdmin(db: SeededDatabase): Promise<void> {
  const user = await createUser({
    ctx: db.ctx,
    input: { email: GLOBAL_ADMIN, name: 'Grace Global', actorRef: 'g9', tenantRef: 'berlin', password: 'demo' },
  });
  await grantRole({ ctx: db.ctx, input: { userId: user.id, scope: 'global', role: 'admin' } });
}

export async function viewerOf(db: SeededDatabase, email: string): Promise<Viewer> {
  return (await loadViewer(db.prisma, await db.userId(email)))!;
}

/** Saves `text` at `scope`/`key` as the administrator `email` (an audit row each time). */
export async function saveAs(db: SeededDatabase, email: string, scope: string, key: string, text: string, pinned?: boolean) {
  const viewer = await viewerOf(db, email);
  const tenantRef = scope.startsWith('tenant:') ? scope.slice('tenant:'.length) : null;
  return writeMemory({
    ctx: db.ctx,
    input: {
      writer: { kind: 'human', actorRef: viewer.actorRef, userId: viewer.userId },
      writerScopes: viewer.scopes,
      elevated: administers(viewer.grants, scope, tenantRef),
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
