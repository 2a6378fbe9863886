'use client';
// The bar of a selection (bulk-selection.tsx): the exact count and what can be done to it. Its own
// file, so a page loads it only once something is selected (docs/benchmarks.md "First-load JavaScript").
import { Button } from '@/components/ui/button';
import { countOf } from './bulk-selection';

export interface BulkAction {
  /** The verb: the button says "Forget 3 memories". */
  verb: string;
  /** The whole label when the verb does not read before the count ("Make 3 facts always on"). */
  label?: string;
  tone?: 'danger' | 'secondary';
  onClick: () => void;
}

/** Stays at the bottom of the view while anything is selected. */
export function BulkActionBar({
  count,
  noun,
  actions,
  busy,
  onClear,
}: {
  count: number;
  noun: 'memory' | 'fact';
  actions: BulkAction[];
  busy: boolean;
  onClear: () => void;
}) {
  if (count === 0) return null;
  return (
    <div
      role="region"
      aria-label="Selected"
      className="sticky bottom-3 z-10 mt-3 flex flex-wrap items-center gap-2 rounded-lg border border-indigo-200 bg-white/95 p-3 shadow-lg backdrop-blur dark:border-indigo-900 dark:bg-slate-900/95"
    >
      <p className="mr-auto text-sm font-medium" aria-live="polite">
        {countOf(count, noun)} selected
      </p>
      {actions.map((action) => (
        <Button key={action.verb} variant={action.tone ?? 'secondary'} disabled={busy} onClick={action.onClick}>
          {action.label ?? `${action.verb} ${countOf(count, noun)}`}
        </Button>
      ))}
      <Button variant="secondary" disabled={busy} onClick={onClear}>
        Clear selection
      </Button>
    </div>
  );
}
