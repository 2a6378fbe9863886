'use client';
// The settings page's body: a global administrator (or anyone administering more than one
// organisation) picks which organisation to edit; the choice is in the URL (`?tenant=`), so a
// reload or a shared link opens the same one.
import { Suspense } from 'react';
import { QueryErrorPanel } from '@/components/memories/query-error-panel';
import { AlertWebhookCard } from './alert-webhook-card';
import { BudgetHealth } from '@/components/facts/budget-health';
import { TenantSettingsForm } from './tenant-settings-form';
import { LifeSettingsCard } from '@/components/life/life-settings-card';
import { TenantPicker, useTenantFromUrl } from '@/components/shell/tenant-picker';
import { cn } from '@/components/ui/cn';
import { RowsSkeleton } from '@/components/ui/rows-skeleton';
import { useInBrowser } from '@/components/ui/use-in-browser';

/** A card's outline with grey lines where a settings card is still loading; `label` is announced meanwhile. */
function LoadingCard({ label, className }: { label: string; className?: string }) {
  return (
    <div className={cn('max-w-2xl rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900', className)}>
      <RowsSkeleton label={label} rows={2} />
    </div>
  );
}

export function SettingsView({ ownTenantRef, prefetched }: { ownTenantRef: string; prefetched: boolean }) {
  const { tenantRef, pick } = useTenantFromUrl(ownTenantRef);
  // Settings the server did not load are asked for from the browser only.
  const inBrowser = useInBrowser();
  return (
    <>
      <TenantPicker current={tenantRef} onPick={pick} />
      <QueryErrorPanel what="The budget's state" key={`budget-${tenantRef}`}>
        {inBrowser ? <BudgetHealth key={tenantRef} tenantRef={tenantRef} /> : null}
      </QueryErrorPanel>
      <QueryErrorPanel what="The settings" key={tenantRef}>
        <Suspense fallback={<LoadingCard label="Loading the settings…" />}>
          {prefetched || inBrowser ? (
            <>
              <TenantSettingsForm key={tenantRef} tenantRef={tenantRef} />
              <LifeSettingsCard key={`life-${tenantRef}`} tenantRef={tenantRef} />
            </>
          ) : (
            <LoadingCard label="Loading the settings…" />
          )}
        </Suspense>
      </QueryErrorPanel>
      <QueryErrorPanel what="The alert webhook" key={`webhook-${tenantRef}`}>
        <Suspense fallback={<LoadingCard label="Loading the alert webhook…" className="mt-8" />}>
          {inBrowser ? <AlertWebhookCard tenantRef={tenantRef} /> : <LoadingCard label="Loading the alert webhook…" className="mt-8" />}
        </Suspense>
      </QueryErrorPanel>
    </>
  );
}
