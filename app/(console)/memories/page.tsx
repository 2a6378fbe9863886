import type { Metadata } from 'next';
import { Suspense } from 'react';
import { OwnMemoriesTable, OwnMemoriesTableSkeleton } from '@/components/memories/own-memories-table';
import { PageHeader } from '@/components/shell/page-header';
import { HydrateClient, prefetch, trpc } from '@/server/api/rsc';
import { requireViewer } from '@/server/auth/session';

export const metadata: Metadata = { title: 'My memories' };

export default async function MemoriesPage() {
  await requireViewer('/memories');
  prefetch(trpc.memories.listOwn.queryOptions());
  return (
    <HydrateClient>
      <PageHeader
        title="My memories"
        description="What the assistant holds about you at your own scope: facts you stated and conclusions it drew."
      />
      <Suspense fallback={<OwnMemoriesTableSkeleton />}>
        <OwnMemoriesTable />
      </Suspense>
    </HydrateClient>
  );
}
