import type { Metadata } from 'next';
import { AccessChangesSection } from '@/components/account/access-changes-section';
import { ChangePasswordForm } from '@/components/account/change-password-form';
import { SessionsSection } from '@/components/account/sessions-section';
import { PageHeader } from '@/components/shell/page-header';
import { HydrateClient, prefetch, trpc } from '@/server/api/rsc';
import { requireViewer } from '@/server/auth/session';

export const metadata: Metadata = { title: 'Your account' };

export default async function AccountPage() {
  const viewer = await requireViewer('/account');
  prefetch(trpc.account.sessions.queryOptions());
  prefetch(trpc.account.accessChanges.queryOptions());
  return (
    <HydrateClient>
      <PageHeader
        title="Your account"
        description={`Signed in as ${viewer.email}. See where you are signed in, end sessions you do not recognise, change your password, and see what changed about your access.`}
      />
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <SessionsSection />
        <ChangePasswordForm />
      </div>
      <div className="mt-8">
        <AccessChangesSection />
      </div>
    </HydrateClient>
  );
}
