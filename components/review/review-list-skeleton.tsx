// Placeholder cards while the review queue loads, in the shape of the real ones.
export function ReviewListSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading the review queue"
      className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
    >
      {[0, 1, 2].map((row) => (
        <div key={row} className="space-y-3 p-5">
          <div className="h-5 w-40 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
          <div className="h-3 w-56 animate-pulse rounded bg-slate-100 dark:bg-slate-800/60" />
          <div className="h-10 w-full animate-pulse rounded bg-slate-100 dark:bg-slate-800/60" />
          <div className="flex gap-2">
            <div className="h-8 w-24 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
            <div className="h-8 w-32 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
          </div>
        </div>
      ))}
    </div>
  );
}
