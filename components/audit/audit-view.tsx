'use client';
// The audit page's body: filters (in the URL), export links, the log page by page, and the
// outcome of an undo, announced and focused.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { QueryErrorPanel } from '@/components/memories/query-error-panel';
import { cn } from '@/components/ui/cn';
import { useTRPC } from '@/components/trpc/client';
import { auditExportHref, hasAuditFilters, type AuditFilters } from './audit-filters';
import { AuditFilterForm } from './audit-filter-form';
import { useAuditLog } from './audit-query';
import { AuditTable } from './audit-table';
import { AuditSkeleton } from './audit-skeleton';
import type { UndoOutcome } from './undo-audit-button';
import { useAuditFilters } from './use-audit-filters';

function AuditRows({ filters, onOutcome }: { filters: AuditFilters; onOutcome: (outcome: UndoOutcome) => void }) {
  const trpc = useTRPC();
  const log = useAuditLog(filters);
  // The rows name each scope from these labels (audit-table.tsx): wait for them rather than show a
  // kind of place ("An organisation") that turns into its name a moment later.
  const scopeLabels = useQuery(trpc.facts.scopes.queryOptions());
  if (log.isPending || scopeLabels.isPending) return <AuditSkeleton />;
  const rows = log.data?.pages.flatMap((page) => page.rows) ?? [];
  if (rows.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
        <p className="font-medium">{hasAuditFilters(filters) ? 'No entries match these filters.' : 'Nothing has been recorded yet.'}</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Changes people make to memories appear here, newest first.</p>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <div className="md:rounded-lg md:border md:border-slate-200 md:bg-white md:dark:border-slate-800 md:dark:bg-slate-900">
        <AuditTable rows={rows} onOutcome={onOutcome} />
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        Showing {rows.length} {rows.length === 1 ? 'entry' : 'entries'}
        {log.hasNextPage ? '; there are more.' : '.'}
      </p>
      {log.hasNextPage ? (
        <Button variant="secondary" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {log.isFetchingNextPage ? 'Loading…' : 'Load more entries'}
        </Button>
      ) : null}
    </div>
  );
}

export function AuditView() {
  const { filters, setFilters } = useAuditFilters();
  const [outcome, setOutcome] = useState<UndoOutcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The dialog closed and its button may be gone with a refreshed list: read the outcome next.
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  return (
    <div className="space-y-4">
      <AuditFilterForm filters={filters} onApply={setFilters} />
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-slate-600 dark:text-slate-400">Download the filtered entries:</span>
        <a className={buttonClass('secondary')} href={auditExportHref(filters, 'csv')} download>
          Export CSV
        </a>
        <a className={buttonClass('secondary')} href={auditExportHref(filters, 'json')} download>
          Export JSON
        </a>
      </div>
      {outcome ? (
        <div
          ref={outcomeRef}
          tabIndex={-1}
          role={outcome.tone === 'error' ? 'alert' : 'status'}
          className={cn(
            'flex items-start justify-between gap-3 rounded-md border px-4 py-2 text-sm',
            outcome.tone === 'error'
              ? 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100'
              : 'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100',
          )}
        >
          <p>{outcome.text}</p>
          <button type="button" className="text-xs underline" onClick={() => setOutcome(null)}>
            Dismiss
          </button>
        </div>
      ) : null}
      <QueryErrorPanel what="The audit log">
        <AuditRows filters={filters} onOutcome={setOutcome} />
      </QueryErrorPanel>
    </div>
  );
}
