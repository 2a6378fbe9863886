// What a person may do to an alert in which state (docs/features.md "Operations"): acknowledge an
// open one, resolve an open or acknowledged one. A resolved alert stays resolved; a new drop opens
// a new one.

export type AlertStateName = 'open' | 'acknowledged' | 'resolved';
export type AlertAction = 'acknowledge' | 'resolve';

export const ALERT_NOTE_MAX = 1000;

/** The alert_event kinds, oldest step first. */
export const ALERT_EVENT_KINDS = ['opened', 'updated', 'acknowledged', 'handed_off', 'resolved', 'auto_resolved'] as const;
export type AlertEventKind = (typeof ALERT_EVENT_KINDS)[number];

/** The states an action may start from: the conditional update uses them, so a race has one winner. */
export const ALERT_FROM_STATES: Record<AlertAction, AlertStateName[]> = {
  acknowledge: ['open'],
  resolve: ['open', 'acknowledged'],
};

export function decideAlertTransition(state: AlertStateName, action: AlertAction): { ok: true } | { ok: false; reason: string } {
  if (ALERT_FROM_STATES[action].includes(state)) return { ok: true };
  if (state === 'resolved') return { ok: false, reason: 'This alert is already resolved.' };
  return { ok: false, reason: 'This alert is already acknowledged.' };
}
