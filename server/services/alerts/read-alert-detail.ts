// One alert with its history, for the alert's panel on the Operations page (docs/features.md "Operations").
import type { GrantLike } from '../../domain';
import { ALERT_EVENT_KINDS, type AlertEventKind } from '../../domain';
import type { ServiceCall } from '../context';
import { loadUserNames } from '../users/load-user-names';
import { alertView } from './alert-view';
import { findReachableAlert } from './find-reachable-alert';
import { forecastAlertPins } from './forecast-alert-pins';
import { alertLink } from './hand-off-alert';

export interface ReadAlertDetailInput {
  viewer: { grants: GrantLike[] };
  id: string;
}

const HISTORY_LIMIT = 200;

export async function readAlertDetail({ ctx, input }: ServiceCall<ReadAlertDetailInput>) {
  const alert = await findReachableAlert({ ctx, input });
  const [tenant, events] = await Promise.all([
    ctx.db.tenant.findUnique({ where: { ref: alert.tenantRef }, select: { name: true } }),
    // The newest steps (a long-open alert gathers one "updated" per batch), shown newest first.
    ctx.db.alertEvent.findMany({ where: { alertId: alert.id }, orderBy: { at: 'desc' }, take: HISTORY_LIMIT }),
  ]);
  // Steps at the same instant keep their natural order, reversed (resolved above acknowledged above opened).
  const rank = (kind: string) => ALERT_EVENT_KINDS.indexOf(kind as AlertEventKind);
  events.sort((a, b) => b.at.getTime() - a.at.getTime() || rank(b.kind) - rank(a.kind));
  const tenantName = tenant?.name ?? alert.tenantRef;
  const [names, forecast] = await Promise.all([
    loadUserNames({ ctx, input: { userIds: events.map((event) => event.userId) } }),
    forecastAlertPins({ ctx, input: { tenantRef: alert.tenantRef, tenantName } }),
  ]);
  const handedOff = events.find((event) => event.kind === 'handed_off');
  return {
    ...alertView(alert, tenantName),
    /** From today's pins and limits, not from the diagnostics (they carry no keys). */
    forecast,
    handedOff: handedOff
      ? { at: handedOff.at.toISOString(), by: handedOff.userId ? (names.get(handedOff.userId) ?? 'A former user') : null }
      : null,
    link: alertLink(alert.id, null),
    history: events.map((event) => ({
      id: event.id,
      kind: event.kind as AlertEventKind,
      at: event.at.toISOString(),
      by: event.userId ? (names.get(event.userId) ?? 'A former user') : null,
      note: event.note,
    })),
  };
}
