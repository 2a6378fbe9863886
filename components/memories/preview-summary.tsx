'use client';
// On screens where the preview sits below the list (everything narrower than the two-column
// layout), a one-line summary of the next turn at the top of the page, linking down to it.
import { useSuspenseQuery } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useTRPC } from '@/components/trpc/client';
import { PREVIEW_HEADING_ID, PREVIEW_SECTION_ID } from './assistant-preview-section';
import { QuietBoundary } from './quiet-boundary';

const BOX =
  'flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm xl:hidden dark:border-indigo-900 dark:bg-indigo-950/50';
const LINE = 'text-indigo-950 dark:text-indigo-100';

export function PreviewSummary() {
  return (
    <QuietBoundary
      fallback={
        <div className={BOX}>
          <p className={LINE}>Next conversation: working out what the assistant carries…</p>
        </div>
      }
    >
      <Summary />
    </QuietBoundary>
  );
}

function Summary() {
  const trpc = useTRPC();
  const { data: preview } = useSuspenseQuery(trpc.memories.preview.queryOptions());

  function jump(event: MouseEvent<HTMLAnchorElement>) {
    // Scroll to the preview and continue from its heading, so the keyboard and screen readers follow.
    const heading = document.getElementById(PREVIEW_HEADING_ID);
    if (!heading) return;
    event.preventDefault();
    heading.focus({ preventScroll: true });
    document.getElementById(PREVIEW_SECTION_ID)?.scrollIntoView({ block: 'start' });
  }

  const carried = preview.digest.offered;
  const leftOut = preview.digest.omitted;
  const total = carried + leftOut;
  return (
    <div className={BOX}>
      <p className={LINE}>
        {total === 0
          ? 'Next conversation: the assistant carries no memories about you.'
          : `Next conversation: the assistant carries ${carried} of ${total} memories${leftOut > 0 ? `, ${leftOut} left out` : ''}.`}
      </p>
      <a href={`#${PREVIEW_SECTION_ID}`} onClick={jump} className="font-medium text-indigo-800 underline dark:text-indigo-200">
        See what the assistant sees
      </a>
    </div>
  );
}
