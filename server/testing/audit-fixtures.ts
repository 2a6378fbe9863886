// Helpers for the audit log's tests: shared facts changed through the real write path, each test
// under a key of its own.
import type { SeededDatabase } from './seeded-database';
import { loadViewer, type Viewer } from '../auth/viewer';
import type { PrismaClient } from '../db/generated/client';
import type { Database } from '../db/open-database';
import { recordAudit, type AuditEntry } from '../services/audit/record-audit';
import type { ServiceContext } from '../services/context';
import { runTransaction } from '../services/run-transaction';
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

/** An audit row for `recordAudit` on `tenantRef`'s chain (the global one for null), numbered `n`. */
export function auditEntry(tenantRef: string | null, n: number): AuditEntry {
  return {
    userId: null,
    actorRef: 'u1',
    action: 'memory.saved',
    scope: tenantRef ? `tenant:${tenantRef}` : 'global',
    tenantRef,
    memoryId: `mem_${n}`,
    key: `k-${n}`,
    after: { n, text: `line ${n} — "quoted" é`, nested: { list: [1, 2.5, true, null] } },
  };
}

/** The rows of one audit chain, in seq order. */
export async function auditChainRows(db: Pick<Database, 'prisma'>, chain: string) {
  return db.prisma.auditEvent.findMany({ where: { chain }, orderBy: { seq: 'asc' } });
}

/** Appends `entry` in a transaction of its own, through the runner every change goes through. */
export function appendAudit(ctx: ServiceContext<PrismaClient>, entry: AuditEntry): Promise<void> {
  return runTransaction({
    ctx,
    input: {
      writer: null,
      work: (txCtx) => {
        recordAudit({ ctx: txCtx, input: entry });
        return Promise.resolve();
      },
    },
  });
}
