'use client';
// Acting on many memories at once (docs/features.md "Many at once"), shared by My memories and the
// Facts page: which rows are ticked, a "select all shown" box, a bar that stays in view with the
// exact count on every action ("Forget 3 memories"), and the words for what a batch did. The batch
// itself is one server call; the page that owns the rows decides what the actions are.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/** "1 memory", "3 memories", "1 fact", "3 facts". */
export function countOf(count: number, noun: 'memory' | 'fact'): string {
  const plural = noun === 'memory' ? 'memories' : 'facts';
  return `${count.toLocaleString('en-GB')} ${count === 1 ? noun : plural}`;
}

/** The ticked ids among `shown`: a row that leaves the page is no longer counted or acted on. */
export function useSelection(shown: readonly string[]) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback((id: string, on: boolean) => {
    setPicked((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const setAll = useCallback((on: boolean) => setPicked(on ? new Set(shown) : new Set()), [shown]);
  const ids = useMemo(() => shown.filter((id) => picked.has(id)), [shown, picked]);
  return { ids, has: (id: string) => picked.has(id), toggle, setAll, clear: () => setPicked(new Set()) };
}

/** The "select all shown" box: ticked when all are, mixed when some are. */
export function SelectAllBox({
  shown,
  selected,
  onChange,
  noun,
}: {
  shown: number;
  selected: number;
  onChange: (on: boolean) => void;
  noun: 'memory' | 'fact';
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = selected > 0 && selected < shown;
  }, [selected, shown]);
  if (shown === 0) return null;
  return (
    <label className="inline-flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
      <input
        ref={ref}
        type="checkbox"
        className="size-4 accent-indigo-600"
        checked={selected > 0 && selected === shown}
        onChange={(event) => onChange(event.target.checked)}
      />
      Select all {countOf(shown, noun)} shown
    </label>
  );
}

export interface BulkCounts {
  done: number;
  unchanged: number;
  'not-found': number;
  refused: number;
  'changed-since': number;
}

/** What a batch did, in one sentence: "Forgot 3 memories. 1 could not be changed: it is shared." */
export function bulkResultText(counts: BulkCounts, past: string, noun: 'memory' | 'fact', refusal?: string): string {
  const parts = [`${past} ${countOf(counts.done, noun)}.`];
  if (counts.unchanged > 0) parts.push(`${countOf(counts.unchanged, noun)} needed no change.`);
  if (counts.refused > 0) parts.push(`${countOf(counts.refused, noun)} could not be changed${refusal ? `: ${refusal}` : ''}.`);
  if (counts['changed-since'] > 0) {
    const one = counts['changed-since'] === 1;
    parts.push(
      `${countOf(counts['changed-since'], noun)} changed since you loaded the page and ${one ? 'was left as it is' : 'were left as they are'}.`,
    );
  }
  if (counts['not-found'] > 0) parts.push(`${countOf(counts['not-found'], noun)} no longer existed.`);
  return parts.join(' ');
}
