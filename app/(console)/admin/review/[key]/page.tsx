import type { Metadata } from 'next';
import { ReviewDetail } from '@/components/review/review-detail';
import { SectionGuard } from '@/components/shell/section-guard';

export async function generateMetadata({ params }: { params: Promise<{ key: string }> }): Promise<Metadata> {
  return { title: `Review: ${decodeURIComponent((await params).key)}` };
}

export default async function ReviewDetailPage({
  params,
  searchParams,
}: {
  params: Promise<{ key: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const key = decodeURIComponent((await params).key);
  const tenant = (await searchParams).tenant;
  return (
    <SectionGuard section="review">
      <ReviewDetail groupKey={key} tenantRef={typeof tenant === 'string' ? tenant : undefined} />
    </SectionGuard>
  );
}
