import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PageHeader } from '@/components/shell/page-header';
import { SectionGuard } from '@/components/shell/section-guard';
import { AlertWebhookCard } from '@/components/settings/alert-webhook-card';
import { TenantSettingsForm } from '@/components/settings/tenant-settings-form';
import { QueryErrorPanel } from '@/components/memories/query-error-panel';
import { HydrateClient, prefetch, trpc } from '@/server/api/rsc';
import { requireViewer } from '@/server/auth/session';

export const metadata: Metadata = { title: 'Settings' };

export default async function SettingsPage() {
  const viewer = await requireViewer('/admin/settings');
  if (viewer.isAdmin) prefetch(trpc.tenants.settings.queryOptions({ tenantRef: viewer.tenant.ref }));
  return (
    <SectionGuard section="settings">
      <HydrateClient>
        <PageHeader
          title="Settings"
          description={`How much the assistant carries for people in ${viewer.tenant.name}, and how long one fact may be.`}
        />
        <QueryErrorPanel what="The settings">
          <Suspense fallback={<p role="status">Loading the settings…</p>}>
            <TenantSettingsForm tenantRef={viewer.tenant.ref} />
          </Suspense>
        </QueryErrorPanel>
        {viewer.isAdmin ? (
          <QueryErrorPanel what="The alert webhook">
            <Suspense fallback={<p role="status">Loading the alert webhook…</p>}>
              <AlertWebhookCard tenantRef={viewer.tenant.ref} />
            </Suspense>
          </QueryErrorPanel>
        ) : null}
      </HydrateClient>
    </SectionGuard>
  );
}
