// The Operations page's view lives in the URL (range or from/to, and the tenant), so it can be
// shared and the back button steps through earlier views.
import { OPS_RANGES, type OpsRange } from '@/server/domain/ops-window';

export interface OpsFilters {
  range: OpsRange;
  tenant: string;
  from: string;
  to: string;
}

type Params = { get(name: string): string | null };

export function opsFiltersFromParams(params: Params): OpsFilters {
  const range = params.get('range') ?? '';
  return {
    range: (OPS_RANGES as readonly string[]).includes(range) ? (range as OpsRange) : '24h',
    tenant: params.get('tenant') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
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
  return `/ops?${params.toString()}`;
}
