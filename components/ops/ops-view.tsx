'use client';
// The Operations page body: time range and organisation (in the URL), the charts, and the alerts.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRouter, useSearchParams } from 'next/navigation';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage } from '@/components/trpc/errors';
import { Button } from '@/components/ui/button';
import { OPS_RANGES } from '@/server/domain/ops-window';
import { AlertsPanel } from './alerts-panel';
import { ConnectRuntime } from './connect-runtime';
import { opsFiltersFromParams, opsHref, overviewInput, type OpsFilters } from './ops-filters';
import { OpsCharts } from './ops-charts';

const FIELD = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-950';
const RANGE_LABELS: Record<string, string> = { '1h': 'Last hour', '24h': 'Last 24 hours', '7d': 'Last 7 days', '30d': 'Last 30 days' };

export function OpsView() {
  const trpc = useTRPC();
  const router = useRouter();
  const filters = opsFiltersFromParams(useSearchParams());
  const overview = useQuery({ ...trpc.ops.overview.queryOptions(overviewInput(filters)), placeholderData: keepPreviousData });
  const go = (next: Partial<OpsFilters>) => router.push(opsHref({ ...filters, ...next }), { scroll: false });
  const tenants = overview.data?.tenants ?? [];
  const tenantName = tenants.find((tenant) => tenant.ref === filters.tenant)?.name;

  return (
    <div className="space-y-8">
      <form aria-label="What to show" className="flex flex-wrap items-end gap-4" onSubmit={(event) => event.preventDefault()}>
        <div className="min-w-40">
          <label htmlFor="ops-range" className="block text-sm font-medium">
            Time range
          </label>
          <select
            id="ops-range"
            className={FIELD}
            value={filters.from ? '' : filters.range}
            onChange={(event) => go({ range: event.target.value as OpsFilters['range'], from: '', to: '' })}
          >
            {filters.from ? <option value="">Custom: from {filters.from}</option> : null}
            {OPS_RANGES.map((range) => (
              <option key={range} value={range}>
                {RANGE_LABELS[range]}
              </option>
            ))}
          </select>
        </div>
        {tenants.length > 1 ? (
          <div className="min-w-40">
            <label htmlFor="ops-tenant" className="block text-sm font-medium">
              Organisation
            </label>
            <select id="ops-tenant" className={FIELD} value={filters.tenant} onChange={(event) => go({ tenant: event.target.value })}>
              <option value="">All organisations</option>
              {tenants.map((tenant) => (
                <option key={tenant.ref} value={tenant.ref}>
                  {tenant.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <Button variant="secondary" onClick={() => void overview.refetch()}>
          Refresh
        </Button>
      </form>
      <section aria-labelledby="charts-heading" aria-busy={overview.isFetching || undefined} className="space-y-3">
        <h2 id="charts-heading" className="text-lg font-semibold">
          Diagnostics{tenantName ? ` for ${tenantName}` : tenants.length === 1 ? ` for ${tenants[0]!.name}` : ' for all organisations'}
        </h2>
        {overview.isPending ? (
          <div role="status" aria-label="Loading diagnostics" className="h-64 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800" />
        ) : overview.isError ? (
          <div
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 p-5 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
          >
            <p>{errorMessage(overview.error, 'The diagnostics could not be loaded.')}</p>
            <Button variant="secondary" className="mt-3" onClick={() => void overview.refetch()}>
              Try again
            </Button>
          </div>
        ) : overview.data.hasData ? (
          <OpsCharts overview={overview.data} />
        ) : (
          <ConnectRuntime tenantRef={filters.tenant || (tenants[0]?.ref ?? 'your-organisation')} />
        )}
      </section>
      <AlertsPanel tenantRef={filters.tenant || undefined} />
    </div>
  );
}
