'use client';
// The end of a paged list: a "Load more" button that also fires by itself when it scrolls into
// view, so a person scrolling never hits a wall and a keyboard or screen-reader user can ask.
// Each ask names how many rows were shown when it was made: pressing the button scrolls it into
// view too, and the observer's report of that may arrive after the page the press asked for, when
// it would otherwise ask for one more (the list ignores an ask about fewer rows than it shows).
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';

export function LoadMore({
  hasMore,
  loading,
  onLoad,
  shown,
  total,
  noun,
}: {
  hasMore: boolean;
  loading: boolean;
  /** Asks for the page after the first `shown` rows. */
  onLoad: (shown: number) => void;
  shown: number;
  total: number;
  noun: string;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoad);
  useEffect(() => {
    load.current = onLoad;
  }, [onLoad]);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (seen) => {
        if (seen.some((entry) => entry.isIntersecting)) load.current(shown);
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, shown]);

  return (
    <div ref={sentinel} className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600 dark:text-slate-400">
      <p aria-live="polite">
        Showing {shown.toLocaleString('en-GB')} of {total.toLocaleString('en-GB')} {noun}
      </p>
      {hasMore ? (
        <Button variant="secondary" onClick={() => onLoad(shown)} disabled={loading} aria-busy={loading || undefined}>
          {loading ? 'Loading more…' : 'Load more'}
        </Button>
      ) : null}
    </div>
  );
}
