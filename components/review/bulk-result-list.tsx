'use client';
// One line per key of a bulk publish: waiting, publishing, published, or why not.
import { Badge, type BadgeTone } from '@/components/ui/badge';

export type BulkResult =
  | { state: 'publishing' }
  | { state: 'published'; text: string }
  | { state: 'conflict'; message: string }
  | { state: 'refused'; message: string };

const LABEL: Record<BulkResult['state'] | 'waiting', { text: string; tone: BadgeTone }> = {
  waiting: { text: 'Waiting', tone: 'slate' },
  publishing: { text: 'Publishing…', tone: 'sky' },
  published: { text: 'Published', tone: 'emerald' },
  conflict: { text: 'Not replaced', tone: 'amber' },
  refused: { text: 'Refused', tone: 'amber' },
};

function detail(result: BulkResult | undefined): string | null {
  if (!result || result.state === 'publishing') return null;
  return result.state === 'published' ? `“${result.text}”` : result.message;
}

export function BulkResultList({ groups }: { groups: { id: string; key: string; result?: BulkResult }[] }) {
  return (
    <ul aria-live="polite" className="max-h-64 space-y-2 overflow-y-auto text-sm">
      {groups.map(({ id, key, result }) => {
        const label = LABEL[result?.state ?? 'waiting'];
        return (
          <li key={id} className="rounded-md border border-slate-200 p-2 dark:border-slate-700">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-mono break-all">{key}</span>
              <Badge tone={label.tone}>{label.text}</Badge>
            </div>
            {detail(result) ? <p className="mt-1 break-words text-slate-600 dark:text-slate-300">{detail(result)}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}
