import { PendingSectionPage, pendingSectionMetadata } from '@/components/shell/pending-section-page';

export const metadata = pendingSectionMetadata('audit');

export default function Page() {
  return <PendingSectionPage section="audit" />;
}
