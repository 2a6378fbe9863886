'use client';
// The memory form, its code loaded when it opens (Add a memory, or a row's Edit): My memories
// shows it only on request, and with its key derivation, topics and validation it is a good part
// of the page's own code (docs/benchmarks.md "First-load JavaScript"). React's lazy rather than
// next/dynamic: the form is never rendered on the server, and next/dynamic's own code (about 2 kB
// compressed) would be copied into the page's chunks.
import { lazy, Suspense } from 'react';
import type { MemoryFormProps } from './memory-form';

const MemoryForm = lazy(() => import('./memory-form').then((module) => ({ default: module.MemoryForm })));

export function LazyMemoryForm(props: MemoryFormProps) {
  return (
    <Suspense
      fallback={
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Opening the form…
        </p>
      }
    >
      <MemoryForm {...props} />
    </Suspense>
  );
}
