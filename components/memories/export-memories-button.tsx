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
      const [exported, me] = await Promise.all([
        queryClient.fetchQuery({ ...trpc.memories.export.queryOptions(), staleTime: 0 }),
        queryClient.fetchQuery(trpc.viewer.me.queryOptions()),
      ]);
      const { download, labelledExport } = await import('./export-file');
      // An ISO string on the wire: its first ten characters are the UTC date.
      const date = exported.exportedAt.slice(0, 10);
      download(`memories-export-${date}.json`, `${JSON.stringify(labelledExport(exported, me.tenant.maxMemories), null, 2)}\n`);
      setState({ busy: false, message: `Exported ${exported.memories.length} memories.`, failed: false });
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
