'use client';
// "Always on" with its explanation: shown on hover and keyboard focus, and read out as the
// control's description by screen readers.
import { useId } from 'react';
import { badgeClass } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';

export const ALWAYS_ON_EXPLANATION =
  'An administrator pinned this topic, so whichever value applies to you is included in every conversation with the assistant, not only when it seems relevant.';

export function AlwaysOnMarker() {
  const tipId = useId();
  return (
    <span className="group relative inline-flex">
      <button type="button" aria-describedby={tipId} className={cn(badgeClass('violet'), 'cursor-help')}>
        <span aria-hidden="true">●</span> Always on
      </button>
      <span
        id={tipId}
        role="tooltip"
        className="pointer-events-none absolute bottom-full left-0 z-20 mb-2 hidden w-72 rounded-md bg-slate-900 px-3 py-2 text-xs font-normal leading-snug text-white shadow-lg group-focus-within:block group-hover:block dark:bg-slate-700"
      >
        {ALWAYS_ON_EXPLANATION}
      </span>
    </span>
  );
}
