// Rows of the audit log (the table refuses updates and deletes). Each row joins its tenant's hash
// chain: under a transaction-scoped advisory lock on the chain, it takes the next seq and the
// previous row's hash, so concurrent writers never fork a chain.
//
// A change records its row with `recordAudit`, which only queues it on the transaction's context;
// `runTransaction` appends the queue (append-audit-rows.ts) as the transaction's last statements. So
// the chain's lock is always the last lock a transaction takes, after every row it changes, and
// two writers can never wait for each other in a circle through it (docs/architecture.md "Locks
// and retries").
import type { Prisma } from '../../db/generated/client';
import type { TransactionCall } from '../context';

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
  | 'memory.muted'
  | 'memory.unmuted'
  | 'memory.expiry-set'
  | 'memory.expired'
  | 'memory.expired-deleted'
  | 'memory.confirmed'
  | 'tenant.lifetime-applied'
  | 'audit.undone'
  | 'tenant.settings-updated'
  | 'token.created'
  | 'token.revoked'
  | 'token.rotated'
  | 'review.dismissed'
  | 'review.undismissed'
  | 'review.snoozed'
  | 'review.unsnoozed'
  | 'alert.acknowledged'
  | 'alert.resolved'
  | 'alert.handed_off'
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

/**
 * Records the row of the change the surrounding `runTransaction` makes: it is written when the
 * work is done, in the same transaction, so the change and its row commit together or not at all.
 */
export function recordAudit({ ctx, input: entry }: TransactionCall<AuditEntry>): void {
  ctx.pendingAudit.push(entry);
}
