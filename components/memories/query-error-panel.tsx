'use client';
// The error state of a panel that failed to load: what happened, and a retry that refetches.
import { QueryErrorResetBoundary } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { errorMessage } from '@/components/trpc/errors';

export function QueryErrorPanel({ what, children }: { what: string; children: ReactNode }) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary onRetry={reset} fallback={({ error, retry }) => <LoadFailedAlert what={what} error={error} onRetry={retry} />}>
          {children}
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}

/** What a list or panel that failed to load shows in its place; also for queries read without Suspense. */
export function LoadFailedAlert({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-5 dark:border-red-900 dark:bg-red-950/40">
      <p className="font-medium text-red-800 dark:text-red-200">{what} could not be loaded.</p>
      <p className="mt-1 text-sm text-red-800/90 dark:text-red-200/90">{errorMessage(error, 'Something went wrong on the server.')}</p>
      <Button variant="secondary" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
