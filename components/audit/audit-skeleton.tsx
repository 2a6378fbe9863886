// Placeholder rows while the audit log loads.
export function AuditSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading the audit log"
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="h-10 animate-pulse rounded bg-slate-100 dark:bg-slate-800/60" />
      ))}
    </div>
  );
}
