// The export file (export-memories-button.tsx): the page's words beside each memory's data, and the
// download itself. Loaded when a person asks for the export, so the labels' code is here too.
import { scopeKind, type Author } from '@/server/domain';
import type { RouterOutputs } from '@/components/trpc/outputs';
import { authorshipWords, scopeBadge, statusWords, type ScopeWords, type TurnStatus } from './memory-wording';

type MemoryExport = RouterOutputs['memories']['export'];

interface ExportLabels {
  appliesTo: string;
  saidBy: string;
  nextConversation: string;
  alwaysOn: boolean;
}

/** The words a person reads next to each memory in their export, the same as on the page (memory-wording.ts). */
export function exportLabels(
  memory: { author: Author; keptGuess?: boolean; status: TurnStatus; alwaysOn: boolean } & ScopeWords,
  maxMemories: number,
): ExportLabels {
  return {
    appliesTo: scopeBadge(memory).label,
    saidBy: authorshipWords(memory.author, memory, memory.keptGuess),
    nextConversation: statusWords(memory.status, maxMemories).label,
    alwaysOn: memory.alwaysOn,
  };
}

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
