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
import { useInBrowser } from '@/components/ui/use-in-browser';

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
        <Suspense fallback={<p role="status">Loading the settings…</p>}>
          {prefetched || inBrowser ? (
            <>
              <TenantSettingsForm key={tenantRef} tenantRef={tenantRef} />
              <LifeSettingsCard key={`life-${tenantRef}`} tenantRef={tenantRef} />
            </>
          ) : (
            <p role="status">Loading the settings…</p>
          )}
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
