import type { Metadata } from 'next';
import { PersonAccessView } from '@/components/access/person-access-view';
import { SectionGuard } from '@/components/shell/section-guard';

export const metadata: Metadata = { title: 'Roles and groups' };

export default async function PersonAccessPage({ params }: { params: Promise<{ id: string }> }) {
  const userId = decodeURIComponent((await params).id).slice(0, 200);
  return (
    <SectionGuard section="people">
      <PersonAccessView userId={userId} />
    </SectionGuard>
  );
}
