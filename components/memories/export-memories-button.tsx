'use client';
// Download everything listed (with origins and overrides) as memories-export-<date>.json. Each
// memory carries `labels`: the words the page shows for it (whose scope, who said it, what the next
// conversation does with it), from memory-wording.ts, so the file reads like the page.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage } from '@/components/trpc/errors';
import { cn } from '@/components/ui/cn';

export function ExportMemoriesButton() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ busy: boolean; message: string | null; failed: boolean }>({
    busy: false,
    message: null,
    failed: false,
  });

  async function exportNow() {
    setState({ busy: true, message: null, failed: false });
    try {
      // The fetching, the labels and the download load when asked for (docs/benchmarks.md "First-load JavaScript").
      const { exportMemories } = await import('./export-file');
      const count = await exportMemories(queryClient, trpc);
      setState({ busy: false, message: `Exported ${count} memories.`, failed: false });
    } catch (error) {
      setState({ busy: false, message: errorMessage(error, 'The export could not be prepared.'), failed: true });
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button variant="secondary" onClick={() => void exportNow()} disabled={state.busy}>
        {state.busy ? 'Preparing…' : 'Export JSON'}
      </Button>
      <span
        role={state.failed ? 'alert' : 'status'}
        className={cn('text-xs', state.failed ? 'text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400')}
      >
        {state.message}
      </span>
    </div>
  );
}
