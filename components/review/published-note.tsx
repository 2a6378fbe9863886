// How a group stands against the facts already published for its key, in words.
import { Badge } from '@/components/ui/badge';
import type { ReviewGroup } from '@/components/trpc/outputs';
import { ScopeName } from '@/components/glossary';
import { useScopeNames } from '@/components/facts/use-scope-names';

export function PublishedNote({ group }: { group: Pick<ReviewGroup, 'published' | 'publishedState'> }) {
  const names = useScopeNames();
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
          Published for <ScopeName scope={published.scope} names={names} />: <q>{published.text}</q>
        </p>
      ))}
    </div>
  );
}
