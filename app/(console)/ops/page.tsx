import { PendingSectionPage, pendingSectionMetadata } from '@/components/shell/pending-section-page';

export const metadata = pendingSectionMetadata('operations');

export default function Page() {
  return <PendingSectionPage section="operations" />;
}
