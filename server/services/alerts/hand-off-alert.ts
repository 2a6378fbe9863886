// An operator hands an alert to the organisation's administrators (docs/features.md "Operations"):
// operators cannot open Facts or Settings, where the fix is. Once per alert: the history row, the
// `alert.handoff` webhook delivery (when the organisation has a webhook) and the audit row are
// written in one transaction, under a lock on the alert row, so of two concurrent hand-offs
// exactly one wins and the other gets CONFLICT.
import { tenantScope, type AlertStateName, type GrantLike } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { prismaSqlRunner } from '../../db/sql-runner';
import { DomainError } from '../../errors/domain-error';
import { recordAudit } from '../audit/record-audit';
import type { ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';
import { loadUserNames } from '../users/load-user-names';
import { alertWebhookStatements } from '../webhooks/enqueue-alert-webhook-sql';
import { findReachableAlert } from './find-reachable-alert';
import { forecastAlertPins } from './forecast-alert-pins';
import { lockAlertSql } from './hand-off-alert-sql';

export interface HandOffAlertInput {
  viewer: { userId: string; actorRef: string; grants: GrantLike[] };
  id: string;
  note?: string;
  /** The console's public address (NEXTAUTH_URL), for the link in the webhook; null: a path only. */
  consoleUrl: string | null;
}

/** The page an administrator opens for this alert: Operations with the alert's detail open. */
export function alertLink(alertId: string, consoleUrl: string | null): string {
  const path = `/ops?alert=${encodeURIComponent(alertId)}`;
  return consoleUrl ? new URL(path, consoleUrl).href : path;
}

export async function handOffAlert({ ctx, input }: ServiceCall<HandOffAlertInput, PrismaClient>) {
  const found = await findReachableAlert({ ctx, input });
  const note = input.note?.trim() ? input.note.trim() : null;
  return runTransaction({
    ctx,
    input: {
      writer: input.viewer.userId,
      work: async (txCtx) => {
        const tx = txCtx.db;
        await tx.$queryRaw(lockAlertSql(found.id));
        const alert = await tx.alert.findUniqueOrThrow({ where: { id: found.id } });
        if ((alert.state as AlertStateName) === 'resolved') {
          throw new DomainError('CONFLICT', 'This alert is resolved: there is nothing left to hand over.');
        }
        const earlier = await tx.alertEvent.findFirst({
          where: { alertId: alert.id, kind: 'handed_off' },
          select: { at: true, userId: true },
        });
        if (earlier) {
          const names = await loadUserNames({ ctx: txCtx, input: { userIds: [earlier.userId] } });
          const by = earlier.userId ? (names.get(earlier.userId) ?? 'a former user') : 'someone';
          throw new DomainError('CONFLICT', `The administrators were already notified about this alert by ${by}.`);
        }
        const at = txCtx.now();
        const [tenant, names] = await Promise.all([
          tx.tenant.findUnique({ where: { ref: alert.tenantRef }, select: { name: true } }),
          loadUserNames({ ctx: txCtx, input: { userIds: [input.viewer.userId] } }),
        ]);
        const forecast = await forecastAlertPins({
          ctx: txCtx,
          input: { tenantRef: alert.tenantRef, tenantName: tenant?.name ?? alert.tenantRef },
        });
        const link = alertLink(alert.id, input.consoleUrl);
        await tx.alertEvent.create({
          data: { id: txCtx.newId('alv'), alertId: alert.id, kind: 'handed_off', at, userId: input.viewer.userId, note },
        });
        const webhook = await tx.alertWebhook.findUnique({ where: { tenantRef: alert.tenantRef }, select: { tenantRef: true } });
        const sql = prismaSqlRunner(tx);
        const handoff = {
          by: names.get(input.viewer.userId) ?? 'An operator',
          note,
          link,
          forecast: {
            peopleOver: forecast.peopleOver,
            keysLeftOut: [...new Set(forecast.groups.flatMap((group) => group.leftOut.map((pin) => pin.key)))].sort(),
          },
        };
        for (const statement of alertWebhookStatements(txCtx, alert, 'alert.handoff', handoff))
          await sql.query(statement.text, statement.params);
        recordAudit({
          ctx: txCtx,
          input: {
            userId: input.viewer.userId,
            actorRef: input.viewer.actorRef,
            action: 'alert.handed_off',
            scope: tenantScope(alert.tenantRef),
            tenantRef: alert.tenantRef,
            memoryId: null,
            before: { alertId: alert.id, state: alert.state },
            after: { alertId: alert.id, state: alert.state, note, webhook: webhook !== null },
          },
        });
        return { id: alert.id, handedOffAt: at.toISOString(), webhook: webhook !== null, link };
      },
    },
  });
}
