// How a group stands against the facts already published for its key, in words.
import { Badge } from '@/components/ui/badge';
import type { ReviewGroup } from '@/components/trpc/outputs';

export function PublishedNote({ group }: { group: Pick<ReviewGroup, 'published' | 'publishedState'> }) {
  if (group.publishedState === 'unpublished') return <Badge tone="slate">Not published</Badge>;
  return (
    <div className="space-y-1">
      {group.publishedState === 'published' ? (
        <Badge tone="emerald">Already published</Badge>
      ) : (
        <Badge tone="amber">Differs from the published fact</Badge>
      )}
      {group.published.map((published) => (
        <p key={published.scope} className="text-xs text-slate-600 dark:text-slate-400">
          Published for <span className="font-mono">{published.scope}</span>: <q>{published.text}</q>
        </p>
      ))}
    </div>
  );
}
