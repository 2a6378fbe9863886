'use client';
// Search and conversation filter. Typing is debounced before it reaches the URL, and going back
// in history puts the earlier words back into the box. It is a GET form over the same URL
// parameters, so Enter pressed before the page's script has run still searches (the server renders
// the filtered page).
import { useEffect, useId } from 'react';
import { useDebouncedDraft } from '@/components/ui/use-debounced-draft';
import { ConversationFilter } from './conversation-filter';
import type { MemoryFilters } from './memory-filters';

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
  // When the URL changes under us (back button, a link, "clear filters") the box shows what it says.
  const { draft, setDraft, send, typing } = useDebouncedDraft(filters.q, (q) => onChange({ q }));
  useEffect(() => onTypingChange?.(typing), [typing, onTypingChange]);

  return (
    <form
      role="search"
      aria-label="Filter memories"
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        // What the box holds, even if it was typed before React took over the page.
        const q = String(new FormData(event.currentTarget).get('q') ?? '');
        send(q);
      }}
      className="grid gap-3 md:grid-cols-[minmax(0,1fr)_18rem]"
    >
      <div>
        <label htmlFor={searchId} className="block text-xs font-medium text-slate-700 dark:text-slate-300">
          Search by key or text
        </label>
        <input
          id={searchId}
          type="search"
          name="q"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
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
    </form>
  );
}
