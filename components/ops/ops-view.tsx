'use client';
// The Operations page body: time range (named or a custom from/to, in the URL) and organisation,
// then the headline numbers, the alerts, and the charts. A from/to in the address that is not a
// date and time is refused here in plain words before anything is asked of the server.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage } from '@/components/trpc/errors';
import type { OpsOverview } from '@/components/trpc/outputs';
import { Button } from '@/components/ui/button';
import { formatUtc } from '@/components/ui/format-utc';
import { OPS_RANGES, opsRangeProblem } from '@/server/domain/ops-window';
import { AlertsPanel } from './alerts-panel';
import { ConnectRuntime } from './connect-runtime';
import { instantOfPicker, opsFiltersFromParams, opsHref, overviewInput, pickerValue, type OpsFilters } from './ops-filters';
import { OpsCharts } from './ops-charts';
import { OpsHeadline } from './ops-headline';

const FIELD = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-950';
const RANGE_LABELS: Record<string, string> = { '1h': 'Last hour', '24h': 'Last 24 hours', '7d': 'Last 7 days', '30d': 'Last 30 days' };
const CUSTOM = 'custom';

export function OpsView() {
  const trpc = useTRPC();
  const router = useRouter();
  const filters = opsFiltersFromParams(useSearchParams());
  // "Now" for a from without a to: when the page opened (the server charts up to its own now).
  const [openedAt] = useState(() => Date.now());
  const problem = opsRangeProblem({ from: filters.from, to: filters.to, nowMs: openedAt });
  const overview = useQuery({
    ...trpc.ops.overview.queryOptions(overviewInput(filters)),
    placeholderData: keepPreviousData,
    enabled: problem === null,
  });
  const go = (next: Partial<OpsFilters>) => router.push(opsHref({ ...filters, ...next }), { scroll: false });
  const tenants = overview.data?.tenants ?? [];
  const tenantName = tenants.find((tenant) => tenant.ref === filters.tenant)?.name;
  const [picking, setPicking] = useState(false);
  const custom = picking || filters.from !== '';

  return (
    <div className="space-y-8">
      <form aria-label="What to show" className="space-y-3" onSubmit={(event) => event.preventDefault()}>
        <div className="flex flex-wrap items-end gap-4">
          <div className="min-w-40">
            <label htmlFor="ops-range" className="block text-sm font-medium">
              Time range
            </label>
            <select
              id="ops-range"
              className={FIELD}
              value={custom ? CUSTOM : filters.range}
              onChange={(event) => {
                if (event.target.value === CUSTOM) {
                  setPicking(true);
                  return;
                }
                setPicking(false);
                go({ range: event.target.value as OpsFilters['range'], from: '', to: '' });
              }}
            >
              {OPS_RANGES.map((range) => (
                <option key={range} value={range}>
                  {RANGE_LABELS[range]}
                </option>
              ))}
              <option value={CUSTOM}>Custom range…</option>
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
          <Button variant="secondary" onClick={() => void overview.refetch()} disabled={problem !== null}>
            Refresh
          </Button>
        </div>
        {custom ? (
          <RangePicker
            key={`${filters.from}|${filters.to}`}
            from={filters.from}
            to={filters.to}
            onApply={(from, to) => {
              setPicking(false);
              go({ from, to });
            }}
          />
        ) : null}
        {problem ? (
          <p
            role="alert"
            data-testid="ops-range-problem"
            className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {problem.message}
          </p>
        ) : null}
      </form>
      {problem ? null : overview.data ? <OpsHeadline summary={overview.data.summary} /> : null}
      <AlertsPanel
        tenantRef={filters.tenant || undefined}
        openAlertId={filters.alert || undefined}
        onAlertClosed={() => {
          if (filters.alert) router.replace(opsHref({ ...filters, alert: '' }), { scroll: false });
        }}
      />
      <section aria-labelledby="charts-heading" aria-busy={overview.isFetching || undefined} className="space-y-3">
        <h2 id="charts-heading" className="text-lg font-semibold">
          Diagnostics{tenantName ? ` for ${tenantName}` : tenants.length === 1 ? ` for ${tenants[0]!.name}` : ' for all organisations'}
        </h2>
        {problem ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Pick a time range above to see the charts.</p>
        ) : overview.isPending ? (
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
        ) : overview.data.everSent ? (
          <NoDataInRange overview={overview.data} onLatest={() => go({ range: '24h', from: '', to: '' })} />
        ) : (
          <ConnectRuntime tenantRef={filters.tenant || (tenants[0]?.ref ?? 'your-organisation')} />
        )}
      </section>
    </div>
  );
}

/** A window without data for a runtime that did send before: say so, and offer the latest day. */
function NoDataInRange({ overview, onLatest }: { overview: OpsOverview; onLatest: () => void }) {
  return (
    <div data-testid="ops-no-data" className="rounded-lg border border-dashed border-slate-300 p-6 text-sm dark:border-slate-700">
      <h3 className="text-base font-semibold">No diagnostics arrived in this time range</h3>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Nothing arrived between {formatUtc(overview.from)} and {formatUtc(overview.to)}
        {overview.endsNow ? ' (now)' : ''}. The runtime has sent diagnostics at other times, so it is connected; pick another range.
      </p>
      <Button variant="secondary" className="mt-3" onClick={onLatest}>
        Show the last 24 hours
      </Button>
    </div>
  );
}

/** Two UTC date-times (to may stay empty: up to now), checked before they go into the address. */
function RangePicker({ from, to, onApply }: { from: string; to: string; onApply: (from: string, to: string) => void }) {
  const [start, setStart] = useState(() => pickerValue(from));
  const [end, setEnd] = useState(() => pickerValue(to));
  const [error, setError] = useState<{ field: 'from' | 'to'; message: string } | null>(null);
  function apply() {
    const next = { from: instantOfPicker(start), to: instantOfPicker(end) };
    if (!next.from) {
      setError({ field: 'from', message: 'Pick a start (from).' });
      return;
    }
    const problem = opsRangeProblem({ ...next, nowMs: Date.now() });
    setError(problem);
    if (!problem) onApply(next.from, next.to);
  }
  return (
    <fieldset className="flex flex-wrap items-end gap-4 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-medium">Custom range (UTC)</legend>
      <div>
        <label htmlFor="ops-from" className="block text-sm font-medium">
          From (UTC)
        </label>
        <input
          id="ops-from"
          type="datetime-local"
          step={60}
          className={FIELD}
          value={start}
          onChange={(event) => setStart(event.target.value)}
          aria-invalid={error?.field === 'from' || undefined}
          aria-describedby={error ? 'ops-range-error' : undefined}
        />
      </div>
      <div>
        <label htmlFor="ops-to" className="block text-sm font-medium">
          To (UTC, empty: now)
        </label>
        <input
          id="ops-to"
          type="datetime-local"
          step={60}
          className={FIELD}
          value={end}
          onChange={(event) => setEnd(event.target.value)}
          aria-invalid={error?.field === 'to' || undefined}
          aria-describedby={error ? 'ops-range-error' : undefined}
        />
      </div>
      <Button variant="secondary" onClick={apply}>
        Show this range
      </Button>
      {error ? (
        <p id="ops-range-error" role="alert" className="w-full text-sm text-red-700 dark:text-red-300">
          {error.message}
        </p>
      ) : null}
    </fieldset>
  );
}
