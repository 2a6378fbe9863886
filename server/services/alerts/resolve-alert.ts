// Resolves an alert (docs/features.md "Operations"): by a person (`by` their user id, after the
// caller checked their reach) or by the quiet-period job (`by` null, recorded as auto-resolved).
// One statement changes the state and appends the history row, so it is atomic even outside a
// transaction and of two concurrent resolves exactly one wins; the loser gets CONFLICT. The winner
// queues the tenant's webhook delivery (docs/operations.md "Alert webhooks"): call it inside a
// transaction so both land together.
import { decideAlertTransition, type AlertStateName } from '../../domain';
import { DomainError, notFound } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import { enqueueAlertWebhook } from '../webhooks/enqueue-alert-webhook';
import { resolveAlertSql } from './resolve-alert-sql';

export interface ResolveAlertInput {
  id: string;
  /** The person resolving it, or null for the auto-resolve. */
  by: string | null;
  /** Why, kept in the history (e.g. "resolved by an operator", "quiet for 60 minutes"). */
  reason: string;
}

export async function resolveAlert({ ctx, input }: ServiceCall<ResolveAlertInput>): Promise<{ id: string; resolvedAt: Date }> {
  const at = ctx.now();
  const kind = input.by === null ? 'auto_resolved' : 'resolved';
  const changed = await ctx.db.$executeRaw(resolveAlertSql({ ...input, at, kind, eventId: ctx.newId('alv') }));
  if (changed === 1) {
    await enqueueAlertWebhook({ ctx, input: { alertId: input.id, event: 'alert.resolved' } });
    return { id: input.id, resolvedAt: at };
  }
  const current = await ctx.db.alert.findUnique({ where: { id: input.id }, select: { state: true } });
  if (!current) throw notFound('That alert');
  const verdict = decideAlertTransition(current.state as AlertStateName, 'resolve');
  throw new DomainError('CONFLICT', verdict.ok ? 'The alert changed meanwhile; reload and try again.' : verdict.reason);
}
