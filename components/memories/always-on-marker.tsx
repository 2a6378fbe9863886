'use client';
// "Always on" with what is true for this memory: shown on hover and keyboard focus, read out as
// the control's description by screen readers. On a phone the tooltip is a strip along the bottom
// of the screen (it never pushes the page sideways); from `sm` up it sits above the badge.
import { useId } from 'react';
import { badgeClass } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { alwaysOnExplanation, type TurnStatus } from './memory-wording';

/** Without a status (a line of the preview), the tooltip says what is true in general. */
export function AlwaysOnMarker({ status, label = 'Always on' }: { status?: TurnStatus; label?: string }) {
  const tipId = useId();
  const leftOut = status === 'alwaysOnLeftOut';
  return (
    <span className="group relative inline-flex">
      <button type="button" aria-describedby={tipId} className={cn(badgeClass(leftOut ? 'amber' : 'violet'), 'cursor-help')}>
        <span aria-hidden="true">{leftOut ? '!' : '●'}</span> {label}
      </button>
      <span
        id={tipId}
        role="tooltip"
        className="pointer-events-none fixed inset-x-4 bottom-4 z-20 hidden rounded-md bg-slate-900 px-3 py-2 text-xs leading-snug font-normal text-white shadow-lg group-focus-within:block group-hover:block sm:absolute sm:inset-x-auto sm:bottom-full sm:left-0 sm:mb-2 sm:w-72 dark:bg-slate-700"
      >
        {alwaysOnExplanation(status)}
      </span>
    </span>
  );
}
