import type { Metadata } from 'next';
import { MemberPreviewView } from '@/components/admin-preview/member-preview-view';
import { PageHeader } from '@/components/shell/page-header';
import { SectionGuard } from '@/components/shell/section-guard';

export const metadata: Metadata = { title: 'Member preview' };

export default function MemberPreviewPage() {
  return (
    <SectionGuard section="preview">
      <PageHeader
        title="Member preview"
        description="Pick a person in an organisation you administer and see what the assistant would carry into their next turn: the notes kept, the ones left out, and the numbers it reports."
      />
      <MemberPreviewView />
    </SectionGuard>
  );
}
