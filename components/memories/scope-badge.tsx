// Whose scope a memory is held for, as a badge: Just you / Hamburg depot / Your organisation /
// Everyone (the words are memory-wording.ts's).
import { Badge } from '@/components/ui/badge';
import { SCOPE_BADGE_PREFIX, scopeBadge, type ScopeWords } from './memory-wording';

export function ScopeBadge({ words }: { scope?: string; words: ScopeWords }) {
  const { label, tone } = scopeBadge(words);
  return (
    <span title={`${SCOPE_BADGE_PREFIX}: ${label}`}>
      <Badge tone={tone}>
        <span className="sr-only">{SCOPE_BADGE_PREFIX}: </span>
        {label}
      </Badge>
    </span>
  );
}
