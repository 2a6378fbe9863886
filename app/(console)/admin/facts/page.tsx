import type { Metadata } from 'next';
import { FactsView } from '@/components/facts/facts-view';
import { PageHeader } from '@/components/shell/page-header';
import { SectionGuard } from '@/components/shell/section-guard';
import { HydrateClient, prefetchBeforeRender, trpc } from '@/server/api/rsc';
import { requireViewer } from '@/server/auth/session';

export const metadata: Metadata = { title: 'Facts' };

export default async function FactsPage() {
  const viewer = await requireViewer('/admin/facts');
  if (viewer.isAdmin) await prefetchBeforeRender(trpc.facts.scopes.queryOptions(), trpc.viewer.me.queryOptions());
  return (
    <SectionGuard section="facts">
      <HydrateClient>
        <PageHeader
          title="Facts"
          description="Facts published for everyone in your organisation, a group, or everyone on this console. Always-on facts reach every turn of the assistant, as long as they fit its budget."
        />
        <FactsView />
      </HydrateClient>
    </SectionGuard>
  );
}
