import type { Metadata } from 'next';
import { Suspense } from 'react';
import { OpsView } from '@/components/ops/ops-view';
import { PageHeader } from '@/components/shell/page-header';
import { SectionGuard } from '@/components/shell/section-guard';

export const metadata: Metadata = { title: 'Operations' };

export default function OpsPage() {
  return (
    <SectionGuard section="operations">
      <PageHeader
        title="Operations"
        description="How much memory each turn of the assistant carries, over time, and alerts when always-on facts stop reaching the assistant’s prompts."
      />
      <Suspense
        fallback={
          <div role="status" aria-label="Loading diagnostics" className="h-64 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800" />
        }
      >
        <OpsView />
      </Suspense>
    </SectionGuard>
  );
}
