// The page's filters as they appear in the URL (?q=…&thread=…) and as the list procedure's input.
// Shared by the server page (prefetch) and the client list, so both ask for the same query key.
export interface MemoryFilters {
  q: string;
  thread: string;
}

export function listInput({ q, thread }: MemoryFilters): { query?: string; threadId?: string } {
  const query = q.trim();
  return { ...(query ? { query } : {}), ...(thread ? { threadId: thread } : {}) };
}

/** A word searched or a conversation picked: the list shows only what matches. */
export function isFiltered(filters: MemoryFilters): boolean {
  const input = listInput(filters);
  return input.query !== undefined || input.threadId !== undefined;
}

/** How the list's pages chain: each page names where the next one starts (null after the last). */
export const memoryPagesOptions = {
  getNextPageParam: (page: { next: { rank: number; key: string; id: string } | null }) => page.next,
};

export function filtersFromParams(params: { get(name: string): string | null }): MemoryFilters {
  return { q: params.get('q') ?? '', thread: params.get('thread') ?? '' };
}

/** Where a conversation's title links to: this page, filtered to what came from it. */
export function conversationHref(threadId: string): string {
  return `/memories?${new URLSearchParams({ thread: threadId })}`;
}

/** The unfiltered totals (everything, and the person's own) come from a one-row page of the list. */
export const TOTALS_INPUT = { limit: 1 };
