// Grey placeholder rows while a list loads; `label` is what a screen reader announces meanwhile.
import { cn } from '@/components/ui/cn';

export function RowsSkeleton({ label, rows = 3, rowHeight = 'h-14' }: { label: string; rows?: number; rowHeight?: 'h-14' | 'h-16' }) {
  return (
    <div role="status" aria-label={label} className="space-y-3">
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className={cn('animate-pulse rounded-md bg-slate-100 dark:bg-slate-800', rowHeight)} />
      ))}
    </div>
  );
}
