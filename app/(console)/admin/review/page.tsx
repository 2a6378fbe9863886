import { PendingSectionPage, pendingSectionMetadata } from '@/components/shell/pending-section-page';

export const metadata = pendingSectionMetadata('review');

export default function Page() {
  return <PendingSectionPage section="review" />;
}
