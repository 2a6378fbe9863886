import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';
import { SectionGuard } from '@/components/shell/section-guard';
import { SettingsView } from '@/components/settings/settings-view';
import { HydrateClient, prefetchBeforeRender, trpc } from '@/server/api/rsc';
import { requireViewer } from '@/server/auth/session';
import { administersTenant, reachOf } from '@/server/domain';

export const metadata: Metadata = { title: 'Settings' };

export default async function SettingsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireViewer('/admin/settings');
  const asked = (await searchParams).tenant;
  // The organisation in the URL (docs/features.md "Tenant settings"), else the viewer's own; the
  // service answers NOT_FOUND for one they do not administer.
  const tenantRef = typeof asked === 'string' && asked ? asked.slice(0, 63) : viewer.tenant.ref;
  const prefetched = viewer.isAdmin && administersTenant(reachOf(viewer.grants), tenantRef);
  if (viewer.isAdmin) {
    // One the viewer does not administer is loaded in the browser only, so the refusal reads as
    // the service's own message (the service decides; this only picks where it is asked).
    // Awaited: the picker and budget health read these with plain useQuery (see prefetchBeforeRender).
    await prefetchBeforeRender(
      trpc.tenants.administered.queryOptions(),
      ...(prefetched ? [trpc.tenants.settings.queryOptions({ tenantRef })] : []),
    );
  }
  return (
    <SectionGuard section="settings">
      <HydrateClient>
        <PageHeader
          title="Settings"
          description="How much the assistant carries for the people of an organisation, and how long one fact may be."
        />
        <SettingsView ownTenantRef={viewer.tenant.ref} prefetched={prefetched} />
      </HydrateClient>
    </SectionGuard>
  );
}
