'use client';
// The organisation an administrator's page works on, when they administer more than one (a global
// administrator administers all): a picker, and the choice kept in the URL (`?tenant=`), so a
// reload or a shared link opens the same one. Pages of one organisation show no picker.
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { useCallback, useId } from 'react';
import { useTRPC } from '@/components/trpc/client';

const selectClass =
  'mt-1 block w-full max-w-sm rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100';

/** The organisation in the URL, or the person's own; and how to pick another. */
export function useTenantFromUrl(ownTenantRef: string): { tenantRef: string; pick: (tenantRef: string) => void } {
  const tenantRef = useSearchParams().get('tenant') || ownTenantRef;
  const pick = useCallback((ref: string) => {
    const url = new URL(window.location.href);
    url.searchParams.set('tenant', ref);
    window.history.pushState(null, '', url);
  }, []);
  return { tenantRef, pick };
}

export function TenantPicker({ current, onPick }: { current: string; onPick: (tenantRef: string) => void }) {
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
