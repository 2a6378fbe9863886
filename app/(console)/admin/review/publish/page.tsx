import type { Metadata } from 'next';
import { PublishKeysPanel } from '@/components/review/publish-keys-panel';
import { PageHeader } from '@/components/shell/page-header';
import { SectionGuard } from '@/components/shell/section-guard';
import { requireViewer } from '@/server/auth/session';

export const metadata: Metadata = { title: 'Publish conclusions' };

/** `/admin/review/publish?key=a&key=b`: publish keys of your organisation's conclusions directly. */
export default async function PublishPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireViewer('/admin/review/publish');
  const raw = (await searchParams).key;
  const keys = (Array.isArray(raw) ? raw : raw ? [raw] : []).slice(0, 50);
  return (
    <SectionGuard section="review">
      <PageHeader
        title="Publish conclusions"
        description="Publish what the assistant concluded about people in your organisation as a fact your organisation states."
      />
      <PublishKeysPanel keys={keys} tenantRef={viewer.tenant.ref} />
    </SectionGuard>
  );
}
