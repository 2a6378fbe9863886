// The audit row of a change an administrator made to one person's account or access (a role, a
// group, their name, their sign-in): the administrator is its author, `subjectUserId` shows it on
// that person's account page, and no memory is involved. Call it inside the change's
// runTransaction, as recordAudit.
import type { Prisma } from '../../db/generated/client';
import type { TransactionCall } from '../context';
import { recordAudit, type AuditAction } from './record-audit';

export interface AccessChange {
  viewer: { userId: string; actorRef: string };
  subjectUserId: string;
  action: AuditAction;
  scope: string;
  tenantRef: string | null;
  before?: Prisma.InputJsonValue;
  after?: Prisma.InputJsonValue;
}

export function recordAccessChange({ ctx, input }: TransactionCall<AccessChange>): void {
  const { viewer, ...change } = input;
  recordAudit({ ctx, input: { userId: viewer.userId, actorRef: viewer.actorRef, memoryId: null, ...change } });
}
