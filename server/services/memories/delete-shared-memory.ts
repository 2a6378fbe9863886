// An administrator removes a memory held at a shared scope (a tenant, custom or global fact). The
// exact check is `administers` for the record's scope; a person's own notes are not this path's
// (forget-memory.ts). The audit row keeps the key and the state before, so the removal can be
// undone (docs/operations.md "Audit log").
import { ACTOR_KIND, administers, reachOf, scopeKind } from '../../domain';
import type { Viewer } from '../../auth/viewer';
import type { AgentMemory, PrismaClient } from '../../db/generated/client';
import { DomainError, notFound } from '../../errors/domain-error';
import { recordAudit, type AuditAction } from '../audit/record-audit';
import type { ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';
import { lockMemoryByIdSql } from './lock-memory-row-sql';
import { memorySnapshot } from './write-memory-in-transaction';

export interface DeleteSharedMemoryInput {
  viewer: Pick<Viewer, 'userId' | 'actorRef' | 'scopes' | 'grants'>;
  scope: string;
  key: string;
  /** When given, the record is removed only while it is still at this version. */
  expectedVersion?: number;
  auditAction?: Extract<AuditAction, 'memory.deleted' | 'audit.undone'>;
  undoesAuditId?: string;
  /** The API token the administrator's change came through (a facts:write token), named in the audit row. */
  auditTokenId?: string;
}

export async function deleteSharedMemory({ ctx, input }: ServiceCall<DeleteSharedMemoryInput, PrismaClient>): Promise<{ id: string }> {
  const { viewer, scope, key } = input;
  const record = scopeKind(scope) === ACTOR_KIND ? null : await ctx.db.agentMemory.findUnique({ where: { scope_key: { scope, key } } });
  const allowed = record !== null && administers(reachOf(viewer.grants), record.scope, record.tenantRef);
  if (!record || (!allowed && !viewer.scopes.includes(record.scope))) throw notFound('That fact');
  if (!allowed) {
    throw new DomainError('FORBIDDEN', 'Removing a shared fact needs administrator rights for its scope.', { reason: 'NOT_ADMINISTRATOR' });
  }
  const expectedVersion = input.expectedVersion ?? record.version;
  const changed = (current: AgentMemory | null) =>
    new DomainError(
      'CONFLICT',
      current
        ? `"${key}" was changed by someone else (now version ${current.version}). Review the current text and try again.`
        : `"${key}" was already deleted.`,
      { current },
    );
  if (expectedVersion !== record.version) throw changed(record);
  await runTransaction({
    ctx,
    input: {
      writer: viewer.userId,
      work: async (txCtx) => {
        const tx = txCtx.db;
        // Locked, then checked: a change we did not see is never removed unseen.
        await tx.$queryRaw(lockMemoryByIdSql(record.id));
        const current = await tx.agentMemory.findUnique({ where: { id: record.id } });
        if (!current || current.version !== expectedVersion) throw changed(current);
        await tx.agentMemory.delete({ where: { id: current.id } });
        recordAudit({
          ctx: txCtx,
          input: {
            userId: viewer.userId,
            actorRef: viewer.actorRef,
            ...(input.auditTokenId ? { tokenId: input.auditTokenId } : {}),
            action: input.auditAction ?? 'memory.deleted',
            scope: current.scope,
            tenantRef: current.tenantRef,
            memoryId: current.id,
            key: current.key,
            before: memorySnapshot(current),
            after: input.undoesAuditId ? { undoes: input.undoesAuditId } : undefined,
          },
        });
      },
    },
  });
  return { id: record.id };
}
