'use client';
// On screens where the preview sits below the list (everything narrower than the two-column
// layout), a one-line summary of the next turn at the top of the page, linking down to it.
import { useQuery } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useTRPC } from '@/components/trpc/client';
import { PREVIEW_HEADING_ID, PREVIEW_SECTION_ID } from './assistant-preview-section';

export function PreviewSummary() {
  const trpc = useTRPC();
  const { data: preview } = useQuery(trpc.memories.preview.queryOptions());

  function jump(event: MouseEvent<HTMLAnchorElement>) {
    // Scroll to the preview and continue from its heading, so the keyboard and screen readers follow.
    const heading = document.getElementById(PREVIEW_HEADING_ID);
    if (!heading) return;
    event.preventDefault();
    heading.focus({ preventScroll: true });
    document.getElementById(PREVIEW_SECTION_ID)?.scrollIntoView({ block: 'start' });
  }

  const total = preview ? preview.kept.length + preview.omitted.count : null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm xl:hidden dark:border-indigo-900 dark:bg-indigo-950/50">
      <p className="text-indigo-950 dark:text-indigo-100">
        {preview && total !== null
          ? total === 0
            ? 'Next conversation: the assistant carries no memories about you.'
            : `Next conversation: the assistant carries ${preview.kept.length} of ${total} memories${preview.omitted.count > 0 ? `, ${preview.omitted.count} left out` : ''}.`
          : 'Next conversation: working out what the assistant carries…'}
      </p>
      <a href={`#${PREVIEW_SECTION_ID}`} onClick={jump} className="font-medium text-indigo-800 underline dark:text-indigo-200">
        See what the assistant sees
      </a>
    </div>
  );
}
