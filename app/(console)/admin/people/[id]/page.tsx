import type { Metadata } from 'next';
import Link from 'next/link';
import { PersonView } from '@/components/people/person-view';
import { SectionGuard } from '@/components/shell/section-guard';
import { getQueryClient, HydrateClient, prefetch, trpc } from '@/server/api/rsc';
import { requireViewer } from '@/server/auth/session';

// Titled by the person's name; the query is the page's own (the request's query client is shared
// with the page, so it is read once). Someone the viewer may not see leaves the title "Person".
export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  try {
    const person = await getQueryClient().fetchQuery(trpc.people.get.queryOptions({ userId: id }));
    return { title: person.name };
  } catch {
    return { title: 'Person' };
  }
}

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
        <PersonView userId={id} viewerId={viewer.userId} />
      </HydrateClient>
    </SectionGuard>
  );
}
