'use client';
// For the page's small extras (a summary line, a legend): they stream in with their data and, if
// it fails, show nothing, because the panel that owns the same data reports the error.
import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from '@/components/ui/error-boundary';

export function QuietBoundary({ fallback = null, children }: { fallback?: ReactNode; children: ReactNode }) {
  return (
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </ErrorBoundary>
  );
}
