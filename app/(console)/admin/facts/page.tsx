import { PendingSectionPage, pendingSectionMetadata } from '@/components/shell/pending-section-page';

export const metadata = pendingSectionMetadata('facts');

export default function Page() {
  return <PendingSectionPage section="facts" />;
}
