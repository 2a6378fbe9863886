// What both the alert list and an alert's own panel show of an alert: its state, how often it
// fired and at which scopes, as plain JSON.
import type { Alert } from '../../db/generated/client';
import type { AlertStateName } from '../../domain';

export function alertView(alert: Alert, tenantName: string) {
  const detail = (alert.detail ?? {}) as { maxPinnedOmitted?: number; scopes?: string[]; scopesUnreported?: boolean };
  return {
    id: alert.id,
    tenantRef: alert.tenantRef,
    tenantName,
    state: alert.state as AlertStateName,
    occurrences: alert.occurrences,
    maxPinnedOmitted: detail.maxPinnedOmitted ?? 0,
    scopes: Array.isArray(detail.scopes) ? detail.scopes : [],
    /** Some turns reported only how many scopes they read (the reference library's count), not which. */
    scopesUnreported: detail.scopesUnreported === true,
    openedAt: alert.openedAt.toISOString(),
    lastSeenAt: alert.lastSeenAt.toISOString(),
    acknowledgedNote: alert.acknowledgedNote,
  };
}
