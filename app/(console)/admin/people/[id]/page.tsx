import type { Metadata } from 'next';
import Link from 'next/link';
import { PersonView } from '@/components/people/person-view';
import { PageHeader } from '@/components/shell/page-header';
import { SectionGuard } from '@/components/shell/section-guard';
import { HydrateClient, prefetch, trpc } from '@/server/api/rsc';
import { requireViewer } from '@/server/auth/session';

export const metadata: Metadata = { title: 'Person' };

export default async function PersonPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const viewer = await requireViewer(`/admin/people/${encodeURIComponent(id)}`);
  prefetch(trpc.people.get.queryOptions({ userId: id }));
  return (
    <SectionGuard section="people">
      <HydrateClient>
        <p className="mb-2 text-sm">
          <Link href="/admin/people" className="text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
            ← All people
          </Link>
        </p>
        <PageHeader title="Person" description="Their name, their sign-in, and whether they may use the console." />
        <PersonView userId={id} viewerId={viewer.userId} />
      </HydrateClient>
    </SectionGuard>
  );
}
