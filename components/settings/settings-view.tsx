'use client';
// The settings page's body: a global administrator (or anyone administering more than one
// organisation) picks which organisation to edit; the choice is in the URL (`?tenant=`), so a
// reload or a shared link opens the same one.
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { Suspense, useCallback, useId, useSyncExternalStore } from 'react';
import { QueryErrorPanel } from '@/components/memories/query-error-panel';
import { useTRPC } from '@/components/trpc/client';
import { AlertWebhookCard } from './alert-webhook-card';
import { TenantSettingsForm } from './tenant-settings-form';

const selectClass =
  'mt-1 block w-full max-w-sm rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100';

function TenantPicker({ current, onPick }: { current: string; onPick: (tenantRef: string) => void }) {
  const trpc = useTRPC();
  const id = useId();
  const { data: tenants } = useQuery(trpc.tenants.administered.queryOptions());
  if (!tenants || tenants.length < 2) return null;
  return (
    <div className="mb-6">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        Organisation
      </label>
      <select id={id} value={current} onChange={(event) => onPick(event.target.value)} className={selectClass}>
        {tenants.some((tenant) => tenant.ref === current) ? null : <option value={current}>Choose an organisation</option>}
        {tenants.map((tenant) => (
          <option key={tenant.ref} value={tenant.ref}>
            {tenant.name}
          </option>
        ))}
      </select>
    </div>
  );
}

const noSubscription = () => () => {};

export function SettingsView({ ownTenantRef, prefetched }: { ownTenantRef: string; prefetched: boolean }) {
  const tenantRef = useSearchParams().get('tenant') || ownTenantRef;
  // Settings the server did not load are asked for from the browser only.
  const inBrowser = useSyncExternalStore(noSubscription, () => true, () => false);
  const pick = useCallback((ref: string) => {
    const url = new URL(window.location.href);
    url.searchParams.set('tenant', ref);
    window.history.pushState(null, '', url);
  }, []);
  return (
    <>
      <TenantPicker current={tenantRef} onPick={pick} />
      <QueryErrorPanel what="The settings" key={tenantRef}>
        <Suspense fallback={<p role="status">Loading the settings…</p>}>
          {prefetched || inBrowser ? <TenantSettingsForm key={tenantRef} tenantRef={tenantRef} /> : <p role="status">Loading the settings…</p>}
        </Suspense>
      </QueryErrorPanel>
      <QueryErrorPanel what="The alert webhook" key={`webhook-${tenantRef}`}>
        <Suspense fallback={<p role="status">Loading the alert webhook…</p>}>
          {inBrowser ? <AlertWebhookCard tenantRef={tenantRef} /> : <p role="status">Loading the alert webhook…</p>}
        </Suspense>
      </QueryErrorPanel>
    </>
  );
}
