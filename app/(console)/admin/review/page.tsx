import type { Metadata } from 'next';
import { ReviewView } from '@/components/review/review-view';
import { PageHeader } from '@/components/shell/page-header';
import { SectionGuard } from '@/components/shell/section-guard';

export const metadata: Metadata = { title: 'Review' };

export default function ReviewPage() {
  return (
    <SectionGuard section="review">
      <PageHeader
        title="Review"
        description="What the assistant concluded about people in your organisation, grouped by key. Publish the good ones as facts for everyone, or mark them as not worth publishing."
      />
      <ReviewView />
    </SectionGuard>
  );
}
