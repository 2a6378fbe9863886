// Placeholder rows while the memories load, in the shape of the real list.
export function MemoryListSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading your memories"
      className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
    >
      {[0, 1, 2, 3, 4, 5].map((row) => (
        <div key={row} className="flex flex-wrap items-center gap-3 px-5 py-3">
          <div className="h-4 min-w-40 flex-1 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
          <div className="h-4 w-16 animate-pulse rounded-full bg-slate-200 dark:bg-slate-800" />
          <div className="h-3 w-32 animate-pulse rounded bg-slate-100 dark:bg-slate-800/60" />
        </div>
      ))}
    </div>
  );
}
