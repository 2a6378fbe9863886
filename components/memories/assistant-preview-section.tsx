'use client';
// The preview panel in its card, with its own loading and error states so the list never waits for it.
import { Suspense } from 'react';
import { AssistantPreviewPanel, AssistantPreviewSkeleton } from './assistant-preview-panel';
import { QueryErrorPanel } from './query-error-panel';

/** Where the summary at the top of the page (preview-summary.tsx) jumps to. */
export const PREVIEW_SECTION_ID = 'assistant-preview';
export const PREVIEW_HEADING_ID = 'assistant-preview-heading';

export function AssistantPreviewSection() {
  return (
    <section
      id={PREVIEW_SECTION_ID}
      aria-labelledby={PREVIEW_HEADING_ID}
      className="scroll-mt-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={PREVIEW_HEADING_ID} tabIndex={-1} className="text-base font-semibold">
        What the assistant sees
      </h2>
      <div className="mt-2">
        <QueryErrorPanel what="The preview">
          <Suspense fallback={<AssistantPreviewSkeleton />}>
            <AssistantPreviewPanel />
          </Suspense>
        </QueryErrorPanel>
      </div>
      <p className="mt-4 xl:hidden">
        <a href="#memories-top" className="text-sm font-medium text-indigo-700 underline dark:text-indigo-300">
          Back to your memories
        </a>
      </p>
    </section>
  );
}
