import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';
import { SectionGuard } from '@/components/shell/section-guard';
import { TokensView } from '@/components/tokens/tokens-view';
import { HydrateClient, prefetch, trpc } from '@/server/api/rsc';

export const metadata: Metadata = { title: 'API tokens' };

export default function TokensPage() {
  prefetch(trpc.tokens.list.queryOptions());
  return (
    <SectionGuard section="tokens">
      <HydrateClient>
        <PageHeader
          title="API tokens"
          description="Keys the assistant runtime uses to send its diagnostics and to read metrics. Each token belongs to one organisation; its secret is shown only once."
        />
        <TokensView />
      </HydrateClient>
    </SectionGuard>
  );
}
