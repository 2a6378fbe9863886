import type { Metadata } from 'next';
import { PeopleView } from '@/components/people/people-view';
import { PageHeader } from '@/components/shell/page-header';
import { SectionGuard } from '@/components/shell/section-guard';
import { HydrateClient, prefetchBeforeRender, trpc } from '@/server/api/rsc';
import { requireViewer } from '@/server/auth/session';

export const metadata: Metadata = { title: 'People' };

export default async function PeoplePage() {
  const viewer = await requireViewer('/admin/people');
  // The organisation filter shows from the first render (read with plain useQuery).
  await prefetchBeforeRender(trpc.tenants.administered.queryOptions());
  return (
    <SectionGuard section="people">
      <PageHeader
        title="People"
        description="Everyone in the organisations you administer: their roles, groups and last activity. Invite someone with a one-time link, rename, disable or reset a password."
      />
      <HydrateClient>
        <PeopleView viewerTenant={viewer.tenant.ref} />
      </HydrateClient>
    </SectionGuard>
  );
}
