import type { Metadata } from 'next';
import { AuditView } from '@/components/audit/audit-view';
import { PageHeader } from '@/components/shell/page-header';
import { SectionGuard } from '@/components/shell/section-guard';

export const metadata: Metadata = { title: 'Audit' };

export default function AuditPage() {
  return (
    <SectionGuard section="audit">
      <PageHeader
        title="Audit"
        description="Every change people made to memories in the organisations you administer, newest first. Shared facts show their text before and after; a change to a shared fact can be undone if nobody changed it since."
      />
      <AuditView />
    </SectionGuard>
  );
}
