// An administrator undoes one audited change to a shared record: the record goes back to its state
// before the change, through the same write and delete paths as any change (so the same rules and
// the exact administers-check apply), and the undo leaves its own audit row naming the row it
// undid. Only when nothing happened to the record since; otherwise CONFLICT says what did.
import { decideUndo, withinAdministeredReach } from '../../domain';
import type { SessionViewer } from '../../auth/viewer';
import type { AgentMemory, PrismaClient } from '../../db/generated/client';
import { DomainError, notFound } from '../../errors/domain-error';
import { isIdOf } from '../../ids';
import type { ServiceCall, ServiceContext } from '../context';
import { deleteSharedMemory } from '../memories/delete-shared-memory';
import { writeMemory } from '../memories/write-memory';
import { humanWriter } from '../memories/writer';
import { requireRecentSignIn } from '../account/require-recent-sign-in';
import { auditReachOf } from './audit-access';

export interface UndoAuditEventInput {
  viewer: Pick<SessionViewer, 'userId' | 'sessionId' | 'actorRef' | 'scopes' | 'grants'>;
  /** Any string: one that names no audit row the viewer may read is answered NOT_FOUND. */
  id: string;
  /**
   * The password typed when the console asked for it (docs/operations.md "Sessions", sudo mode).
   */
  password?: string;
}

const NOT_UNDOABLE = {
  PERSONAL_SCOPE: 'This change was to a person’s own memory. The log keeps no key or text of those, so it cannot be undone here.',
  NOT_A_RECORD_CHANGE: 'Only changes to one shared fact can be undone.',
} as const;

async function changedSince(
  ctx: ServiceContext,
  key: string,
  reason: 'CHANGED_SINCE' | 'DELETED_SINCE' | 'RECREATED_SINCE',
  current: AgentMemory | null,
): Promise<DomainError> {
  if (!current)
    return new DomainError('CONFLICT', `"${key}" was deleted since this change, so there is nothing to undo it on.`, { reason });
  const by = current.actorRef
    ? ((await ctx.db.user.findUnique({ where: { actorRef: current.actorRef }, select: { name: true } }))?.name ?? current.actorRef)
    : 'someone';
  const when = current.updatedAt.toISOString().slice(0, 16).replace('T', ' ');
  const what =
    reason === 'RECREATED_SINCE'
      ? `"${key}" was deleted and created again since (by ${by}, ${when} UTC)`
      : `"${key}" was changed since: it is now version ${current.version}, saved by ${by} on ${when} UTC`;
  return new DomainError('CONFLICT', `${what}. Undo only restores a fact nobody changed afterwards.`, {
    reason,
    current: { version: current.version, text: current.text, actorRef: current.actorRef, updatedAt: current.updatedAt },
  });
}

export async function undoAuditEvent({ ctx, input }: ServiceCall<UndoAuditEventInput, PrismaClient>): Promise<{ memoryId: string | null }> {
  const { viewer } = input;
  const reach = auditReachOf(viewer);
  const row = isIdOf('aud', input.id) ? await ctx.db.auditEvent.findUnique({ where: { id: input.id } }) : null;
  if (!row || !withinAdministeredReach(reach, row.scope, row.tenantRef)) throw notFound('That audit entry');
  const current =
    row.key && row.scope ? await ctx.db.agentMemory.findUnique({ where: { scope_key: { scope: row.scope, key: row.key } } }) : null;
  const verdict = decideUndo({ action: row.action, key: row.key, before: row.before, after: row.after, memoryId: row.memoryId, current });
  if (verdict.outcome === 'not_undoable') throw new DomainError('CONFLICT', NOT_UNDOABLE[verdict.reason], { reason: verdict.reason });
  const key = row.key!;
  const scope = row.scope!;
  if (verdict.outcome === 'conflict') throw await changedSince(ctx, key, verdict.reason, current);
  // Undo changes what everyone is answered from: only within ten minutes of signing in.
  await requireRecentSignIn({ ctx, input: { viewer, password: input.password } });
  if (verdict.outcome === 'remove') {
    return deleteSharedMemory({
      ctx,
      input: { viewer, scope, key, expectedVersion: verdict.expectedVersion, auditAction: 'audit.undone', undoesAuditId: row.id },
    }).then(({ id }) => ({ memoryId: id }));
  }
  const saved = await writeMemory({
    ctx,
    input: {
      writer: humanWriter(viewer),
      scope,
      key,
      text: verdict.text,
      pinned: verdict.pinned,
      expectedVersion: verdict.outcome === 'restore' ? verdict.expectedVersion : 0,
      auditAction: 'audit.undone',
      auditDetails: { undoes: row.id },
    },
  });
  return { memoryId: saved.id };
}
