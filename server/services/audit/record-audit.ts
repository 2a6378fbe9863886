// Appends one row to the audit log (the table refuses updates and deletes).
import type { Prisma } from '../../db/generated/client';
import type { Db, ServiceDeps } from '../deps';

export type AuditAction = 'memory.saved' | 'memory.forgotten' | 'memory.forgot-all' | 'memory.published';

export interface AuditEntry {
  userId: string | null;
  actorRef: string | null;
  action: AuditAction;
  scope: string | null;
  tenantRef: string | null;
  memoryId: string | null;
  key?: string | null;
  before?: Prisma.InputJsonValue;
  after?: Prisma.InputJsonValue;
}

export async function recordAudit(db: Db, deps: Pick<ServiceDeps, 'now' | 'newId'>, entry: AuditEntry): Promise<void> {
  await db.auditEvent.create({
    data: {
      id: deps.newId('aud'),
      at: deps.now(),
      userId: entry.userId,
      actorRef: entry.actorRef,
      action: entry.action,
      scope: entry.scope,
      tenantRef: entry.tenantRef,
      memoryId: entry.memoryId,
      key: entry.key ?? null,
      before: entry.before,
      after: entry.after,
    },
  });
}
