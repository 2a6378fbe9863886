import type { Metadata } from 'next';
import { PeopleView } from '@/components/people/people-view';
import { PageHeader } from '@/components/shell/page-header';
import { SectionGuard } from '@/components/shell/section-guard';
import { requireViewer } from '@/server/auth/session';

export const metadata: Metadata = { title: 'People' };

export default async function PeoplePage() {
  const viewer = await requireViewer('/admin/people');
  return (
    <SectionGuard section="people">
      <PageHeader
        title="People"
        description="Everyone in the organisations you administer. Invite someone with a one-time link, rename, disable or reset a password."
      />
      <PeopleView viewerTenant={viewer.tenant.ref} />
    </SectionGuard>
  );
}
