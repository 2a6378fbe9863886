'use client';
// A fact's history (every version from the audit log) or the people whose own value overrides it.
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage } from '@/components/trpc/errors';
import type { PublishedFact } from '@/components/trpc/outputs';

export type FactDetails = { kind: 'history' | 'overrides'; fact: PublishedFact };

const ACTIONS: Record<string, string> = {
  'memory.published': 'Published or edited',
  'memory.saved': 'Saved',
  'memory.pinned': 'Made always on',
  'memory.unpinned': 'No longer always on',
  'memory.deleted': 'Deleted',
};

export function FactDetailsDialog({ details, onClose }: { details: FactDetails | null; onClose: () => void }) {
  const title = details ? (details.kind === 'history' ? `History of “${details.fact.key}”` : `Who overrides “${details.fact.key}”`) : '';
  return (
    <Dialog open={details !== null} onClose={onClose} title={title}>
      <div className="max-h-[60vh] space-y-3 overflow-y-auto">
        {details?.kind === 'history' ? <History id={details.fact.id} /> : null}
        {details?.kind === 'overrides' ? <Overrides id={details.fact.id} /> : null}
      </div>
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={onClose} autoFocus>
          Close
        </Button>
      </div>
    </Dialog>
  );
}

function History({ id }: { id: string }) {
  const trpc = useTRPC();
  const history = useQuery(trpc.facts.history.queryOptions({ id }));
  if (history.isPending) return <p role="status">Loading the history…</p>;
  if (history.isError) return <p role="alert">{errorMessage(history.error, 'The history could not be loaded.')}</p>;
  if (!history.data.length) return <p>No recorded changes.</p>;
  return (
    <ol className="space-y-2 text-sm">
      {history.data.map((entry) => (
        <li key={entry.id} className="rounded border border-slate-200 p-2 dark:border-slate-700">
          <p className="font-medium">
            {ACTIONS[entry.action] ?? entry.action} by {entry.by}
          </p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            <time dateTime={entry.at}>{new Date(entry.at).toLocaleString('en-GB')}</time>
          </p>
          {entry.before?.text !== undefined && entry.before.text !== entry.after?.text ? (
            <p>
              Before: <q>{String(entry.before.text)}</q>
            </p>
          ) : null}
          {entry.after?.text !== undefined ? (
            <p>
              After: <q>{String(entry.after.text)}</q>
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function Overrides({ id }: { id: string }) {
  const trpc = useTRPC();
  const overrides = useQuery(trpc.facts.overrides.queryOptions({ id }));
  if (overrides.isPending) return <p role="status">Loading…</p>;
  if (overrides.isError) return <p role="alert">{errorMessage(overrides.error, 'The list could not be loaded.')}</p>;
  if (!overrides.data.length) return <p>Nobody has their own value for this key: the fact applies to everyone it is published for.</p>;
  return (
    <ul className="space-y-2 text-sm">
      {overrides.data.map((row) => (
        <li key={row.id} className="rounded border border-slate-200 p-2 dark:border-slate-700">
          <p className="font-medium">{row.person}</p>
          <p>
            <q>{row.text}</q> — {row.author === 'agent' ? 'concluded by the assistant' : 'stated by the person'}
          </p>
        </li>
      ))}
    </ul>
  );
}
