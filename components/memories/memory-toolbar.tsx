'use client';
// Search and conversation filter. Typing is debounced before it reaches the URL, and going back
// in history puts the earlier words back into the box.
import { useEffect, useId, useState } from 'react';
import { ConversationFilter } from './conversation-filter';
import type { MemoryFilters } from './memory-filters';

const SEARCH_DELAY_MS = 300;

export function MemoryToolbar({
  filters,
  onChange,
  onTypingChange,
}: {
  filters: MemoryFilters;
  onChange: (next: Partial<MemoryFilters>) => void;
  /** True while typed words wait for the debounce, so the list can already say it is updating. */
  onTypingChange?: (typing: boolean) => void;
}) {
  const searchId = useId();
  const threadId = useId();
  const [draft, setDraft] = useState(filters.q);
  const [shownQ, setShownQ] = useState(filters.q);
  if (filters.q !== shownQ) {
    // The URL changed under us (back button, a link, "clear filters"): show what it says.
    setShownQ(filters.q);
    setDraft(filters.q);
  }

  const typing = draft !== filters.q;
  useEffect(() => onTypingChange?.(typing), [typing, onTypingChange]);

  useEffect(() => {
    if (draft === filters.q) return;
    const timer = setTimeout(() => onChange({ q: draft }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, filters.q, onChange]);

  return (
    <div role="search" aria-label="Filter memories" className="grid gap-3 md:grid-cols-[minmax(0,1fr)_18rem]">
      <div>
        <label htmlFor={searchId} className="block text-xs font-medium text-slate-700 dark:text-slate-300">
          Search by key or text
        </label>
        <input
          id={searchId}
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onChange({ q: draft });
          }}
          placeholder="e.g. fiscal, meeting, dock"
          autoComplete="off"
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
      </div>
      <div>
        <label htmlFor={threadId} className="block text-xs font-medium text-slate-700 dark:text-slate-300">
          Conversation
        </label>
        <div className="mt-1">
          <ConversationFilter id={threadId} value={filters.thread} onChange={(thread) => onChange({ thread })} />
        </div>
      </div>
    </div>
  );
}
