'use client';
// After "Forget everything": how many memories went and what remains (shared memories only an
// administrator can change). The page leads with it, and so does focus. Loaded when it is shown.
import { useEffect, useRef } from 'react';
import { memoriesCount } from './forget-everything-button';
import { QuietBoundary } from './quiet-boundary';
import { useMemoryTotals } from './use-memory-totals';

/** `result` is a new object per forget, so a second one with the same count moves focus again. */
export function ForgottenPanel({ result, onDismiss }: { result: { deleted: number }; onDismiss: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [result]);
  const { deleted } = result;
  return (
    <div className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-950 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100">
      <h2 ref={heading} tabIndex={-1} className="font-semibold">
        {deleted === 0
          ? 'Nothing was held about you personally'
          : `${memoriesCount(deleted)} about you ${deleted === 1 ? 'was' : 'were'} deleted`}
      </h2>
      <QuietBoundary fallback={<p className="mt-1">What remains is listed below.</p>}>
        <WhatRemains />
      </QuietBoundary>
      <button type="button" className="mt-2 text-xs underline" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

function WhatRemains() {
  const totals = useMemoryTotals();
  return (
    <p className="mt-1">
      {totals.all === 0
        ? 'The assistant now holds nothing that applies to you.'
        : `What remains: ${totals.all === 1 ? '1 shared memory' : `${totals.all.toLocaleString('en-GB')} shared memories`}, listed below. Only an administrator can change ${totals.all === 1 ? 'it' : 'them'}.`}
    </p>
  );
}
