// Placeholder rows while the memories load, in the shape of the real list.
export function MemoryListSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading your memories"
      className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
    >
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="space-y-3 px-5 py-5">
          <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
          <div className="flex gap-2">
            <div className="h-4 w-24 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
            <div className="h-4 w-16 animate-pulse rounded-full bg-slate-200 dark:bg-slate-800" />
          </div>
          <div className="h-3 w-1/3 animate-pulse rounded bg-slate-100 dark:bg-slate-800/60" />
        </div>
      ))}
    </div>
  );
}
