'use client';
// The preview panel in its card, with its own loading and error states so the list never waits for it.
import { Suspense } from 'react';
import { AssistantPreviewPanel, AssistantPreviewSkeleton } from './assistant-preview-panel';
import { QueryErrorPanel } from './query-error-panel';

export function AssistantPreviewSection() {
  return (
    <section aria-labelledby="assistant-preview-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 id="assistant-preview-heading" className="text-base font-semibold">
        What the assistant sees
      </h2>
      <div className="mt-2">
        <QueryErrorPanel what="The preview">
          <Suspense fallback={<AssistantPreviewSkeleton />}>
            <AssistantPreviewPanel />
          </Suspense>
        </QueryErrorPanel>
      </div>
    </section>
  );
}
