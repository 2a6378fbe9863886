'use client';
// The signed-in person's memories at their own actor scope, as a plain table.
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/trpc/client';

const AUTHOR_WORDS = { human: 'You said', agent: 'The assistant concluded' } as const;

export function OwnMemoriesTable() {
  const trpc = useTRPC();
  const { data: memories } = useSuspenseQuery(trpc.memories.listOwn.queryOptions());
  if (memories.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
        <p className="font-medium">The assistant holds nothing about you yet</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Facts you state and conclusions it draws will appear here.</p>
      </div>
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Memories held at your own scope</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500 dark:bg-slate-800/60 dark:text-slate-400">
          <tr>
            <th scope="col" className="px-4 py-3">Fact</th>
            <th scope="col" className="px-4 py-3">Key</th>
            <th scope="col" className="px-4 py-3">Who</th>
            <th scope="col" className="px-4 py-3">Updated</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {memories.map((memory) => (
            <tr key={memory.id}>
              <td className="px-4 py-3">{memory.text}</td>
              <td className="px-4 py-3 font-mono text-xs">{memory.key}</td>
              <td className="px-4 py-3">{AUTHOR_WORDS[memory.author]}</td>
              <td className="px-4 py-3 whitespace-nowrap">
                <time dateTime={memory.updatedAt.toISOString()} title={memory.updatedAt.toISOString()}>
                  {memory.updatedAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}
                </time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function OwnMemoriesTableSkeleton() {
  return (
    <div role="status" aria-label="Loading your memories" className="space-y-2">
      {[0, 1, 2].map((row) => (
        <div key={row} className="h-10 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
      ))}
    </div>
  );
}
