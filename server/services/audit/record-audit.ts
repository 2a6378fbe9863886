// Appends one row to the audit log (the table refuses updates and deletes). Each row joins its
// tenant's hash chain: under a transaction-scoped advisory lock on the chain, it takes the next seq
// and the previous row's hash, so concurrent writers never fork a chain.
import { auditChainOf, GENESIS_HASH, type AuditJson } from '../../domain';
import type { Prisma } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import { auditHash } from './audit-hash';

export type AuditAction =
  | 'memory.saved'
  | 'memory.kept'
  | 'memory.forgotten'
  | 'memory.forgot-all'
  | 'memory.forgotten-by-runtime'
  | 'memory.published'
  | 'memory.promoted'
  | 'memory.deleted'
  | 'memory.pinned'
  | 'memory.unpinned'
  | 'audit.undone'
  | 'tenant.settings-updated'
  | 'token.created'
  | 'token.revoked'
  | 'review.dismissed'
  | 'review.undismissed'
  | 'alert.acknowledged'
  | 'alert.resolved'
  | 'webhook.saved'
  | 'webhook.deleted'
  | 'grant.added'
  | 'grant.removed'
  | 'scope.created'
  | 'scope.renamed'
  | 'scope.deleted'
  | 'membership.added'
  | 'membership.removed'
  | 'person.invited'
  | 'person.renamed'
  | 'person.disabled'
  | 'person.enabled'
  | 'person.password-reset'
  | 'person.invite-accepted'
  | 'person.password-set';

export interface AuditEntry {
  userId: string | null;
  actorRef: string | null;
  action: AuditAction;
  scope: string | null;
  tenantRef: string | null;
  memoryId: string | null;
  key?: string | null;
  /** The person a change to people or access is about; shown to them on their account page. */
  subjectUserId?: string | null;
  /** The API token that made the change, when no signed-in person did (the runtime's forget). */
  tokenId?: string | null;
  before?: Prisma.InputJsonValue;
  after?: Prisma.InputJsonValue;
}

/** First key of the two-key advisory lock that serialises appends to one chain (any constant). */
export const AUDIT_CHAIN_LOCK = 0x61756474; // "audt"

/** The value as it will read back from the jsonb column: plain JSON, undefined members dropped. */
function asStored(value: Prisma.InputJsonValue | undefined): AuditJson {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as AuditJson);
}

/**
 * Call with the context of the interactive transaction of the change being audited
 * (`inTransaction(ctx, tx)` inside `ctx.db.$transaction(tx => …)`): the change and its row commit
 * together, and the chain lock lasts until then.
 */
export async function recordAudit({ ctx, input: entry }: ServiceCall<AuditEntry>): Promise<void> {
  const tx = ctx.db;
  const chain = auditChainOf(entry.tenantRef);
  // Held until the surrounding transaction ends, so the next writer sees this row.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK}::int4, hashtext(${chain}))`;
  const last = await tx.auditEvent.findFirst({
    where: { chain },
    orderBy: { seq: 'desc' },
    select: { seq: true, hash: true },
  });
  const before = asStored(entry.before);
  const after = asStored(entry.after);
  const content = {
    id: ctx.newId('aud'),
    at: ctx.now(),
    userId: entry.userId,
    actorRef: entry.actorRef,
    action: entry.action,
    scope: entry.scope,
    tenantRef: entry.tenantRef,
    memoryId: entry.memoryId,
    key: entry.key ?? null,
    subjectUserId: entry.subjectUserId ?? null,
    tokenId: entry.tokenId ?? null,
    chain,
    seq: (last?.seq ?? 0) + 1,
    prevHash: last?.hash ?? GENESIS_HASH,
  };
  await tx.auditEvent.create({
    data: {
      ...content,
      before: before === null ? undefined : (before as Prisma.InputJsonValue),
      after: after === null ? undefined : (after as Prisma.InputJsonValue),
      hash: auditHash({ ...content, before, after }),
    },
  });
}
