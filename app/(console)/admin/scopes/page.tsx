import type { Metadata } from 'next';
import { ScopesView } from '@/components/access/scopes-view';
import { PageHeader } from '@/components/shell/page-header';
import { SectionGuard } from '@/components/shell/section-guard';
import { requireViewer } from '@/server/auth/session';

export const metadata: Metadata = { title: 'Groups' };

export default async function ScopesPage() {
  const viewer = await requireViewer('/admin/scopes');
  return (
    <SectionGuard section="scopes">
      <PageHeader
        title="Groups"
        description="Groups of people inside an organisation, such as a depot or a team. Facts published for a group reach its members only."
      />
      <ScopesView ownTenantRef={viewer.tenant.ref} />
    </SectionGuard>
  );
}
