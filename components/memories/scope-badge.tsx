// Where a memory is held, as a badge: Mine / depot / Organisation / Everyone.
import { Badge } from '@/components/ui/badge';
import { scopeBadge, type ScopeWords } from './memory-wording';

export function ScopeBadge({ scope, words }: { scope: string; words: ScopeWords }) {
  const { label, tone } = scopeBadge(words);
  return (
    <span title={`Held at scope ${scope}`}>
      <Badge tone={tone}>
        <span className="sr-only">Scope: </span>
        {label}
      </Badge>
    </span>
  );
}
