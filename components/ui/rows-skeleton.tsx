// Grey placeholder rows while a list loads; `label` is what a screen reader announces meanwhile.
import { cn } from '@/components/ui/cn';

export function RowsSkeleton({ label, rows = 3, rowClassName }: { label: string; rows?: number; rowClassName?: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-3">
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className={cn('h-14 animate-pulse rounded-md bg-slate-100 dark:bg-slate-800', rowClassName)} />
      ))}
    </div>
  );
}
