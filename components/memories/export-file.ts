// The export file (export-memories-button.tsx): the page's words beside each memory's data, and the
// download itself. Loaded when a person asks for the export, so the labels' code is here too.
import { scopeKind, type Author } from '@/server/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { useTRPC } from '@/components/trpc/client';
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

/** Fetches the export and the limit its labels name, and downloads the file; answers how many memories it holds. */
export async function exportMemories(queryClient: QueryClient, trpc: ReturnType<typeof useTRPC>): Promise<number> {
  const [exported, me] = await Promise.all([
    queryClient.fetchQuery({ ...trpc.memories.export.queryOptions(), staleTime: 0 }),
    queryClient.fetchQuery(trpc.viewer.me.queryOptions()),
  ]);
  // An ISO string on the wire: its first ten characters are the UTC date.
  const date = exported.exportedAt.slice(0, 10);
  download(`memories-export-${date}.json`, `${JSON.stringify(labelledExport(exported, me.tenant.maxMemories), null, 2)}\n`);
  return exported.memories.length;
}

function download(fileName: string, contents: string) {
  const url = URL.createObjectURL(new Blob([contents], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
