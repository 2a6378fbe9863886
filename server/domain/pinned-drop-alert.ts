// The pinned-policy alert (docs/concepts.md "Diagnostics and `pinnedOmitted`"): a turn that left
// out pinned policies for budget opens one alert per tenant, and later such turns update it.
import type { Diagnostic } from './runtime-rollup';

export const PINNED_OMITTED_ALERT_KIND = 'pinned_omitted';

/** At most this many affected scopes are kept on an alert (the first ones seen). */
export const MAX_ALERT_SCOPES = 50;

export interface PinnedDrop {
  tenantRef: string;
  firstMs: number;
  lastMs: number;
  /** Turns that dropped pinned policies. */
  occurrences: number;
  maxPinnedOmitted: number;
  scopes: string[];
  /** Some of the turns reported only how many scopes they read, not which. */
  scopesUnreported: boolean;
}

/** What an alert stores besides its counters and dates. */
export interface PinnedDropDetail {
  maxPinnedOmitted: number;
  scopes: string[];
  /** Present (true) once a turn of the alert reported only a count of scopes: its scopes are "not reported". */
  scopesUnreported?: true;
}

function union(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])].slice(0, MAX_ALERT_SCOPES);
}

/** One summary per tenant of the batch's turns with pinnedOmitted > 0, in tenant order. */
export function pinnedDrops(events: readonly Diagnostic[]): PinnedDrop[] {
  const drops = new Map<string, PinnedDrop>();
  for (const event of events) {
    if (event.type !== 'memory.resolved' || event.pinnedOmitted <= 0) continue;
    const drop = drops.get(event.tenantRef);
    if (!drop) {
      drops.set(event.tenantRef, {
        tenantRef: event.tenantRef,
        firstMs: event.atMs,
        lastMs: event.atMs,
        occurrences: 1,
        maxPinnedOmitted: event.pinnedOmitted,
        scopes: union([], event.scopes ?? []),
        scopesUnreported: event.scopes === null,
      });
      continue;
    }
    drop.firstMs = Math.min(drop.firstMs, event.atMs);
    drop.lastMs = Math.max(drop.lastMs, event.atMs);
    drop.occurrences += 1;
    drop.maxPinnedOmitted = Math.max(drop.maxPinnedOmitted, event.pinnedOmitted);
    drop.scopes = union(drop.scopes, event.scopes ?? []);
    drop.scopesUnreported ||= event.scopes === null;
  }
  return [...drops.values()].sort((a, b) => a.tenantRef.localeCompare(b.tenantRef));
}

/** An open alert's detail after `drop`; an unreadable stored detail counts as empty. */
export function mergeDropDetail(stored: unknown, drop: PinnedDrop): PinnedDropDetail {
  const detail = (stored ?? {}) as Partial<PinnedDropDetail>;
  const scopes = Array.isArray(detail.scopes) ? detail.scopes.filter((scope): scope is string => typeof scope === 'string') : [];
  const max = typeof detail.maxPinnedOmitted === 'number' ? detail.maxPinnedOmitted : 0;
  const merged: PinnedDropDetail = { maxPinnedOmitted: Math.max(max, drop.maxPinnedOmitted), scopes: union(scopes, drop.scopes) };
  if (detail.scopesUnreported === true || drop.scopesUnreported) merged.scopesUnreported = true;
  return merged;
}
