// The Operations page's view lives in the URL (range or from/to, and the tenant), so it can be
// shared and the back button steps through earlier views.
import { OPS_RANGES, type OpsRange } from '@/server/domain/ops-window';

export interface OpsFilters {
  range: OpsRange;
  tenant: string;
  from: string;
  to: string;
  /** An alert whose detail opens with the page (the link a hand-off gives the administrators). */
  alert: string;
}

type Params = { get(name: string): string | null };

export function opsFiltersFromParams(params: Params): OpsFilters {
  const range = params.get('range') ?? '';
  return {
    range: (OPS_RANGES as readonly string[]).includes(range) ? (range as OpsRange) : '24h',
    tenant: params.get('tenant') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    alert: params.get('alert') ?? '',
  };
}

/** The overview query's input for these filters (from/to win over the range). */
export function overviewInput(filters: OpsFilters) {
  return {
    tenantRef: filters.tenant || undefined,
    range: filters.from ? undefined : filters.range,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
}

export function opsHref(filters: OpsFilters): string {
  const params = new URLSearchParams();
  if (filters.from) {
    params.set('from', filters.from);
    if (filters.to) params.set('to', filters.to);
  } else {
    params.set('range', filters.range);
  }
  if (filters.tenant) params.set('tenant', filters.tenant);
  if (filters.alert) params.set('alert', filters.alert);
  return `/ops?${params.toString()}`;
}

/** A from/to instant as the range picker's `datetime-local` value (UTC, minutes); '' if unreadable. */
export function pickerValue(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString().slice(0, 16);
}

/** The range picker's `datetime-local` value (read as UTC) as the address's from/to. */
export function instantOfPicker(value: string): string {
  return value ? `${value}Z` : '';
}
