// The export file (export-memories-button.tsx): the page's words beside each memory's data, and the
// download itself. Loaded when a person asks for the export.
import { scopeKind } from '@/server/domain';
import type { RouterOutputs } from '@/components/trpc/outputs';
import { exportLabels } from './memory-wording';

type MemoryExport = RouterOutputs['memories']['export'];

/** The export with the page's words next to each memory's data. */
export function labelledExport(exported: MemoryExport, maxMemories: number) {
  return {
    ...exported,
    memories: exported.memories.map((memory) => ({
      ...memory,
      labels: exportLabels({ ...memory, kind: scopeKind(memory.scope), label: memory.scopeLabel }, maxMemories),
    })),
  };
}

export function download(fileName: string, contents: string) {
  const url = URL.createObjectURL(new Blob([contents], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
